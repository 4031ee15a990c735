'use strict';
// Formatting the example catalogs: texts, the lookup stack and each field's provenance,
// hand-checked against the catalogs (Examples/CoreLocation, Examples/Sync) and the Python tests.

const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const { after, before, describe, test } = require('node:test');

const { Catalog, double, int64, uint64 } = require('..');
const { CORE_LOCATION, SYNC } = require('./helpers');

const DOMAIN = 'kCLErrorDomain';
const BUILTIN = { rule: 'builtin', key: null, locale: null, table: null, rejections: [] };
const EMPTY = { rule: 'empty', key: null, locale: null, table: null, rejections: [] };
function keyProvenance(key, locale) {
  return { rule: 'code-key', key, locale, table: 'Localizable', rejections: [] };
}

describe('CoreLocation', () => {
  let catalog;
  before(() => { catalog = Catalog.open(CORE_LOCATION); });
  after(() => catalog.close());

  test('English: code keys, the built-in button', () => {
    const shown = catalog.format(DOMAIN, 0, { locales: ['en'] });
    assert.equal(shown.title, 'Unknown Location');
    assert.equal(shown.message, "Couldn't get a good reading. Long tunnel?");
    assert.equal(shown.button, 'OK');
    assert.deepEqual(shown.provenance.title, keyProvenance('errors.kCLErrorDomain.0.title', 'en'));
    assert.deepEqual(shown.provenance.message, keyProvenance('errors.kCLErrorDomain.0.message', 'en'));
    assert.deepEqual(shown.provenance.button, BUILTIN);
    assert.deepEqual(shown.stack, ['en']);
    assert.equal(shown.untranslated, false);
  });

  test('an empty message is a value, not a fall-through', () => {
    const shown = catalog.format(DOMAIN, 8, { locales: ['en'] });
    assert.equal(shown.title, 'No results found');
    assert.equal(shown.message, '');
    assert.deepEqual(shown.provenance.message, keyProvenance('errors.kCLErrorDomain.8.message', 'en'));
  });

  test('fr-CA falls back key by key to fr', () => {
    const located = catalog.format(DOMAIN, 0, { locales: ['fr-CA'] });
    assert.equal(located.title, 'Emplacement inconnu');
    assert.equal(located.message, 'Impossible d’obtenir une bonne lecture. Un long tunnel?');
    assert.equal(located.provenance.title.locale, 'fr-CA');
    const offline = catalog.format(DOMAIN, 2, { locales: ['fr-CA'] });
    assert.equal(offline.title, 'Pas d’Internet');
    assert.deepEqual(offline.provenance.title, keyProvenance('errors.kCLErrorDomain.2.title', 'fr'));
    assert.equal(offline.message, 'Internet n’est pas accessible ou une erreur est survenue.');
    assert.equal(offline.provenance.message.locale, 'fr-CA');
    assert.deepEqual(offline.stack.slice(0, 2), ['fr-CA', 'fr']);
    const unknown = catalog.format(DOMAIN, 42, { locales: ['fr-CA'] });
    assert.equal(unknown.title, 'Erreur');
    assert.deepEqual(unknown.provenance.title, { ...keyProvenance('errors.title', 'fr'), rule: 'generic-key' });
    assert.equal(unknown.message, '');
    assert.deepEqual(unknown.provenance.message, EMPTY);
  });

  test('es-MX goes through es-419 (the CLDR parent), zh-TW through zh-Hant', () => {
    const shown = catalog.format(DOMAIN, 0, { locales: ['es-MX'] });
    assert.deepEqual(shown.stack.slice(0, 2), ['es-419', 'es']);
    assert.equal(shown.title, 'Ubicación desconocida');
    assert.equal(shown.provenance.title.locale, 'es');
    assert.equal(shown.message, 'No se pudo obtener una lectura confiable. ¿Un túnel largo?');
    assert.equal(shown.provenance.message.locale, 'es-419');
    const chinese = catalog.format(DOMAIN, 2, { locales: ['zh-TW'] });
    assert.equal(chinese.title, '無法連上網際網路');
    assert.equal(chinese.provenance.title.locale, 'zh-Hant');
    assert.equal(catalog.format(DOMAIN, 2, { locales: ['zh-CN'] }).title, '无法连接互联网');
    assert.equal(catalog.format(DOMAIN, 8, { locales: ['ja'] }).title, '結果が見つかりません');
  });

  test('no locales is the development locale; C is untranslated', () => {
    assert.equal(catalog.format(DOMAIN, 2).title, 'No Internet');
    assert.equal(catalog.format(DOMAIN, 2, { locales: [] }).title, 'No Internet');
    const untranslated = catalog.format(DOMAIN, 2, { locales: ['C'] });
    assert.equal(untranslated.untranslated, true);
  });

  test("the error's own texts: failure reason, recovery suggestion, description", () => {
    const suggested = catalog.format('NSURLErrorDomain', -1009, {
      locales: ['fr-CA'], recoverySuggestion: 'Check your connection.',
    });
    assert.equal(suggested.message, 'Check your connection.');
    assert.equal(suggested.provenance.message.rule, 'recovery-suggestion');
    const described = catalog.format('NSURLErrorDomain', -1001, {
      locales: ['ja'], description: 'The request timed out.', failureReason: 'Timed Out',
    });
    assert.equal(described.title, 'Timed Out');
    assert.equal(described.provenance.title.rule, 'failure-reason');
    assert.equal(described.message, 'The request timed out.');
    assert.equal(described.provenance.message.rule, 'description');
  });

  test('codes as bigints and as safe integers give the same result', () => {
    assert.deepEqual(catalog.format('NSURLErrorDomain', -1009n, { locales: ['en'] }),
                     catalog.format('NSURLErrorDomain', -1009, { locales: ['en'] }));
    const extreme = catalog.format(DOMAIN, -(1n << 63n), { locales: ['en'] });
    assert.equal(extreme.provenance.title.rule, 'generic-key');
  });

  test('results are frozen values that outlive the catalog', () => {
    const own = Catalog.open(CORE_LOCATION);
    const shown = own.format(DOMAIN, 0, { locales: ['zh-TW'] });
    const found = own.lookup('errors.title', { locales: ['ja'] });
    own.close();
    assert.equal(shown.title, '位置不明');
    assert.equal(shown.message, '無法取得準確的定位。是在長隧道裡嗎？');
    assert.ok(Object.isFrozen(shown) && Object.isFrozen(shown.provenance.title) && Object.isFrozen(shown.stack));
    assert.throws(() => { 'use strict'; shown.title = 'changed'; }, TypeError);
    assert.equal(found.locale, 'ja');
    assert.ok(Object.isFrozen(found));
  });

  test('lookup: any key, down the same stack; a missing key is a null value', () => {
    const found = catalog.lookup('errors.kCLErrorDomain.0.title', { locales: ['fr-CA'] });
    assert.deepEqual(found, { value: 'Emplacement inconnu', locale: 'fr-CA', table: 'Localizable', rejections: [] });
    const missing = catalog.lookup('no.such.key', { locales: ['fr'] });
    assert.deepEqual(missing, { value: null, locale: null, table: 'Localizable', rejections: [] });
    assert.deepEqual(catalog.lookup('errors.title', { table: 'NoSuchTable' }).value, null);
  });

  test('a result is exactly what errfmt format --json prints', { skip: !process.env.ERRFMT && 'ERRFMT (the errfmt to compare with) is not set' }, () => {
    for (const [code, locale] of [[0, 'zh-TW'], [2, 'es-MX'], [9, 'de-AT'], [42, 'pt-BR,es-MX']]) {
      const json = execFileSync(process.env.ERRFMT, ['format', '--catalog', CORE_LOCATION, '--domain', DOMAIN,
                                                    '--code', String(code), '--locale', locale, '--json', '--quiet'],
                                { encoding: 'utf8' });
      const shown = catalog.format(DOMAIN, code, { locales: locale.split(',') });
      assert.equal(JSON.stringify(shown), json.trim());
    }
  });
});

describe('Sync: typed arguments', () => {
  let catalog;
  before(() => { catalog = Catalog.open(SYNC, { rejections: 'ignore' }); });
  after(() => catalog.close());

  test('a string argument', () => {
    const shown = catalog.format('SyncErrorDomain', 1, { locales: ['fr'], arguments: ['rapport final.pdf'] });
    assert.equal(shown.title, 'Impossible d’envoyer « rapport final.pdf »');
    assert.equal(shown.message, '« rapport final.pdf » est ouvert dans une autre app.');
    assert.deepEqual(shown.stack, ['fr', 'en']);
  });

  test('plurals of int64 (a safe integer, a bigint, int64()) and uint64', () => {
    for (const count of [1, 1n, int64(1)]) {
      assert.equal(catalog.format('SyncErrorDomain', 2, { locales: ['en'], arguments: [count] }).message,
                   '1 file could not be synced.');
    }
    assert.equal(catalog.format('SyncErrorDomain', 2, { locales: ['en'], arguments: [3] }).message,
                 '3 files could not be synced.');
    assert.equal(catalog.format('SyncErrorDomain', 2, { locales: ['fr'], arguments: [0] }).message,
                 '0 fichier n’a pas pu être synchronisé.');
    // What the C demo prints for the same case (Examples/cases.tsv): %d reads the uint64's bits.
    const unsigned = catalog.format('SyncErrorDomain', 2, { locales: ['fr'], arguments: [uint64(18446744073709551615n)] });
    assert.equal(unsigned.message, '-1 fichier n’a pas pu être synchronisé.');
    assert.deepEqual(catalog.format('SyncErrorDomain', 2, { locales: ['fr'], arguments: [18446744073709551615n] }), unsigned);
  });

  test('doubles: a number that is not an integer, or double()', () => {
    const shown = catalog.format('SyncErrorDomain', 3, { locales: ['en'], arguments: [12.5, 'Backup'] });
    assert.equal(shown.message, '12.5 MB more are needed on “Backup”.');
    const integral = catalog.format('SyncErrorDomain', 3, { locales: ['en'], arguments: [double(2), 'Backup'] });
    assert.equal(integral.message, '2.0 MB more are needed on “Backup”.');
    // A safe integer is an int64, which %f reads exactly (docs/formatting.md): 2 and 2.0 are
    // one JavaScript number, and show alike.
    const asInteger = catalog.format('SyncErrorDomain', 3, { locales: ['en'], arguments: [2, 'Backup'] });
    assert.equal(asInteger.message, '2.0 MB more are needed on “Backup”.');
    assert.deepEqual(asInteger.provenance.message.rejections, []);
    // One no double holds exactly is refused, never rounded: the generic message, and why.
    const inexact = catalog.format('SyncErrorDomain', 3, { locales: ['en'], arguments: [2n ** 53n + 1n, 'Backup'] });
    assert.equal(inexact.message, 'Please try again later.');
    assert.equal(inexact.provenance.message.rejections[0].code, 'wrong-argument-type');
  });

  test('arguments that do not fit: rejected strings, with why', () => {
    const shown = catalog.format('SyncErrorDomain', 1, { locales: ['en'] });
    assert.equal(shown.title, 'Sync Failed');
    assert.equal(shown.provenance.title.rule, 'generic-key');
    const [why] = shown.provenance.title.rejections;
    assert.deepEqual({ ...why }, {
      key: 'errors.SyncErrorDomain.1.title', locale: 'en', table: 'Localizable', code: 'missing-argument',
      message: 'specifier refers to argument 1 but 0 were passed',
    });
    assert.equal(String(why), 'errors.SyncErrorDomain.1.title in en/Localizable: specifier refers to argument 1 ' +
                              'but 0 were passed [missing-argument]');
    const wrongType = catalog.format('SyncErrorDomain', 2, { locales: ['en'], arguments: ['three'] });
    assert.equal(wrongType.message, 'Please try again later.');
    assert.equal(String(wrongType.provenance.message.rejections[0]),
                 "errors.SyncErrorDomain.2.message in en/Localizable: value type '%d' cannot read a string " +
                 '[wrong-argument-type]');
  });

  test('lookup renders with arguments', () => {
    const found = catalog.lookup('errors.SyncErrorDomain.3.message', { locales: ['de'], arguments: [1.5, 'Backup'] });
    // The German string asks for a third argument: skipped, the English one is used.
    assert.equal(found.value, '1.5 MB more are needed on “Backup”.');
    assert.equal(found.locale, 'en');
    assert.equal(found.rejections.length, 1);
    assert.equal(found.rejections[0].locale, 'de');
  });
});
