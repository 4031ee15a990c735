'use strict';
// The packed outputs as packed.js reads them: the library's real outputs decode to what the
// calls give (rejections described by the library), and an output that is not what the format
// says (short, long, a header that lies or is not numbers, no final NUL) is refused with
// ErrorFormatterError EF_E_INTERNAL, never read past its end.

const assert = require('node:assert/strict');
const { after, before, describe, test } = require('node:test');

const native = require('../addon.js');
const { Catalog, ErrorFormatterError, localeChain, preferencesFromAcceptLanguage } = require('..');
const packed = require('../packed.js');
const { CORE_LOCATION, SYNC } = require('./helpers');

function refused(what) {
  return (error) => {
    assert.ok(error instanceof ErrorFormatterError, `${error}`);
    assert.equal(error.code, 'EF_E_INTERNAL');
    assert.ok(error.message.startsWith(`malformed packed ${what}: `), error.message);
    return true;
  };
}

/** Every way the frame of `items` can be wrong, each refused by `decode`. */
function assertFramesRefused(what, items, decode) {
  const header = items[0];
  const changed = (change) => { const copy = [...items]; change(copy); return copy; };
  for (const wrong of [
    [],
    changed((copy) => copy.pop()),
    changed((copy) => copy.push('extra')),
    changed((copy) => { copy[0] = `${header} 0`; }),
    changed((copy) => { copy[0] = `${header} `; }),
    changed((copy) => { copy[0] = `\t${header}`; }),
    changed((copy) => { copy[0] = `x${header}`; }),
    changed((copy) => { copy[0] = `-${header}`; }),
    changed((copy) => { copy[0] = `99999999999999999999${header.slice(1)}`; }),
  ]) {
    assert.throws(() => decode(wrong), refused(what), JSON.stringify(wrong[0]));
  }
}

describe('packed outputs', () => {
  let sync;
  let handle;
  before(() => {
    sync = Catalog.open(SYNC);
    handle = native.catalogOpen(SYNC, null, false, false, false);
  });
  after(() => {
    sync.close();
    native.catalogClose(handle);
  });

  test('a formatted error: the library describes its rejections', () => {
    const items = native.formatPacked(handle, 'SyncErrorDomain', 2, null, null, null, null, [0, 'three'], ['en']);
    const shown = packed.formattedFromItems(items);
    assert.deepEqual(shown, sync.format('SyncErrorDomain', 2, { locales: ['en'], arguments: ['three'] }));
    const [why] = shown.provenance.message.rejections;
    assert.equal(why.description, "errors.SyncErrorDomain.2.message in en/Localizable: value type '%d' cannot " +
                                  'read a string [wrong-argument-type]');
    assert.equal(String(why), why.description);
    // The description is the output's last item, and not part of the JSON shape.
    assert.equal(items[items.length - 1], why.description);
    assert.deepEqual(Object.keys(why), ['key', 'locale', 'table', 'code', 'message']);
    assertFramesRefused('formatted error', items, packed.formattedFromItems);
    const header = items[0].split(' ');
    const withHeader = (numbers) => [numbers.join(' '), ...items.slice(1)];
    assert.throws(() => packed.formattedFromItems(withHeader(['2', ...header.slice(1)])), refused('formatted error'));
    assert.throws(() => packed.formattedFromItems(withHeader([...header.slice(0, 5), '512'])),
                  refused('formatted error'));
    assert.throws(() => packed.formattedFromItems(withHeader(['0', '900', '0', '1', '0', '0'])),
                  refused('formatted error'));
  });

  test('a lookup: the library describes its rejections', () => {
    const items = native.lookupPacked(handle, 'errors.SyncErrorDomain.3.message', null, [3, 1.5, 0, 'Backup'], ['de']);
    const found = packed.lookupFromItems(items);
    assert.equal(found.value, '1.5 MB more are needed on “Backup”.');
    const [why] = found.rejections;
    assert.equal(why.locale, 'de');
    assert.ok(why.description.startsWith('errors.SyncErrorDomain.3.message in de/Localizable: '), why.description);
    assert.ok(why.description.endsWith(` [${why.code}]`));
    assertFramesRefused('lookup', items, packed.lookupFromItems);
  });

  test("an unlocalized table's rejection says so", () => {
    const catalog = Catalog.fromTables([{ locale: null, fileName: 'Localizable.strings', data: '"k" = "%d items";' }]);
    try {
      const [why] = catalog.lookup('k', { locales: ['en'], arguments: ['x'] }).rejections;
      assert.equal(why.locale, '');
      assert.ok(String(why).startsWith('k in (unlocalized)/Localizable: '), String(why));
    } finally {
      catalog.close();
    }
  });

  test("a catalog's description", () => {
    const items = native.catalogDescribe(handle);
    const description = packed.descriptionFromItems(items);
    assert.deepEqual(description.localizations, sync.localizations);
    assert.deepEqual(description.diagnostics, sync.diagnostics);
    assert.equal(description.developmentLocale, 'en');
    assertFramesRefused('catalog description', items, packed.descriptionFromItems);
  });

  test('a locale chain', () => {
    const items = native.localeChain('es-MX');
    assert.deepEqual(packed.chainFromItems(items), localeChain('es-MX'));
    assert.deepEqual(localeChain('es-MX').entries.map((entry) => entry.id), ['es_MX', 'es_419', 'es']);
    assertFramesRefused('locale chain', items, packed.chainFromItems);
    const badKind = [...items];
    badKind[3] = '7';
    assert.throws(() => packed.chainFromItems(badKind), refused('locale chain'));
  });

  test('a preference list', () => {
    const items = native.preferencesFromAcceptLanguage('fr-CA, fr;q=0.8');
    assert.deepEqual(packed.listFromItems(items), ['fr-CA', 'fr']);
    assert.deepEqual(preferencesFromAcceptLanguage('fr-CA, fr;q=0.8'), ['fr-CA', 'fr']);
    assertFramesRefused('preference list', items, packed.listFromItems);
  });

  test('a lint report: findings with and without a key', () => {
    const items = native.lintPaths([CORE_LOCATION], null);
    const findings = packed.lintFindingsFromItems(items);
    assert.ok(findings.some((finding) => finding.key !== null));
    assert.ok(findings.some((finding) => finding.key === null));
    assertFramesRefused('lint report', items, packed.lintFindingsFromItems);
    const badMask = [...items];
    badMask[1] = badMask[1].replace(/ \d+$/, ' 4');
    assert.throws(() => packed.lintFindingsFromItems(badMask), refused('lint report'));
    const badSeverity = [...items];
    badSeverity[1] = badSeverity[1].replace(/^\d+/, '3');
    assert.throws(() => packed.lintFindingsFromItems(badSeverity), refused('lint report'));
  });

  test('splitItems: an output held as bytes', () => {
    assert.deepEqual(packed.splitItems(Buffer.from('1\0fr\0')), ['1', 'fr']);
    assert.deepEqual(packed.splitItems(new Uint8Array([48, 0, 0])), ['0', '']);
    assert.throws(() => packed.splitItems(Buffer.from('1\0fr')), refused('output'));
    assert.throws(() => packed.splitItems(Buffer.alloc(0)), refused('output'));
    assert.throws(() => packed.splitItems('1\0'), { name: 'TypeError' });
  });
});
