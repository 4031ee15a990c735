'use strict';
// Invalid inputs: each raises the right error (TypeError for a wrong JavaScript type,
// ErrorFormatterError with the status the C ABI would give otherwise), never a crash; and text
// that is valid goes through whole (emoji, CJK, right-to-left).

const assert = require('node:assert/strict');
const { after, before, describe, test } = require('node:test');

const { Catalog, ErrorFormatterError, Status, int64, statusName, uint64 } = require('..');
const { CORE_LOCATION, SYNC } = require('./helpers');

const INVALID_UTF8 = { name: 'ErrorFormatterError', code: 'EF_E_INVALID_UTF8', status: Status.EF_E_INVALID_UTF8 };
const INVALID_ARGUMENT = { name: 'ErrorFormatterError', code: 'EF_E_INVALID_ARGUMENT', status: Status.EF_E_INVALID_ARGUMENT };
const WRONG_TYPE = { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' };

describe('invalid inputs', () => {
  let catalog;
  before(() => { catalog = Catalog.open(CORE_LOCATION); });
  after(() => catalog.close());

  test('wrong JavaScript types are TypeErrors', () => {
    assert.throws(() => catalog.format(42, 0), WRONG_TYPE);
    assert.throws(() => catalog.format('D', '0'), WRONG_TYPE);
    assert.throws(() => catalog.format('D', 0, { locales: 'fr' }), WRONG_TYPE);
    assert.throws(() => catalog.format('D', 0, { locales: [42] }), WRONG_TYPE);
    assert.throws(() => catalog.format('D', 0, { description: 42 }), WRONG_TYPE);
    assert.throws(() => catalog.format('D', 0, { arguments: [true] }), WRONG_TYPE);
    assert.throws(() => catalog.format('D', 0, { arguments: [null] }), WRONG_TYPE);
    assert.throws(() => catalog.format('D', 0, { arguments: 'a' }), WRONG_TYPE);
    assert.throws(() => catalog.format('D', 0, { arguments: [int64('1')] }), WRONG_TYPE);
    assert.throws(() => catalog.format('D', 0, 'fr'), TypeError);
    assert.throws(() => catalog.lookup(undefined), WRONG_TYPE);
    assert.throws(() => Catalog.open(42), WRONG_TYPE);
    assert.throws(() => Catalog.open(CORE_LOCATION, { strict: 'yes' }), WRONG_TYPE);
  });

  test('a misspelt option is a TypeError, not ignored', () => {
    assert.throws(() => catalog.format('D', 0, { locale: ['fr'] }), /unknown option 'locale'/);
    assert.throws(() => Catalog.open(CORE_LOCATION, { development_locale: 'fr' }), TypeError);
  });

  test('integers that do not fit', () => {
    assert.throws(() => catalog.format('D', 1n << 63n), INVALID_ARGUMENT);
    assert.throws(() => catalog.format('D', 2 ** 53), INVALID_ARGUMENT);
    assert.throws(() => catalog.format('D', 1.5), INVALID_ARGUMENT);
    assert.throws(() => catalog.format('D', 0, { arguments: [1n << 64n] }), INVALID_ARGUMENT);
    assert.throws(() => catalog.format('D', 0, { arguments: [-(1n << 63n) - 1n] }), INVALID_ARGUMENT);
    assert.throws(() => catalog.format('D', 0, { arguments: [uint64(-1n)] }), INVALID_ARGUMENT);
    assert.throws(() => catalog.format('D', 0, { arguments: [uint64(-1)] }), INVALID_ARGUMENT);
    assert.throws(() => catalog.format('D', 0, { arguments: [int64(0.5)] }), INVALID_ARGUMENT);
  });

  test('unpaired surrogates are invalid UTF-8, never repaired', () => {
    assert.throws(() => catalog.format('\ud800', 0), INVALID_UTF8);
    assert.throws(() => catalog.format('D', 0, { description: 'end\udfff' }), INVALID_UTF8);
    assert.throws(() => catalog.format('D', 0, { locales: ['fr\udcff'] }), INVALID_UTF8);
    assert.throws(() => catalog.format('D', 0, { arguments: ['\ud83d'] }), INVALID_UTF8);
    assert.throws(() => catalog.lookup('\udc00\ud800'), INVALID_UTF8);
    assert.throws(() => Catalog.open(`${CORE_LOCATION}\ud800`), INVALID_UTF8);
  });

  test('U+0000 cannot cross the C ABI', () => {
    assert.throws(() => catalog.format('D\0', 0), INVALID_ARGUMENT);
    assert.throws(() => catalog.format('D', 0, { arguments: ['a\0b'] }), INVALID_ARGUMENT);
    assert.throws(() => Catalog.open(Buffer.from(`${CORE_LOCATION}\0`)), INVALID_ARGUMENT);
  });

  test('a catalog closed by code that runs while the arguments are read', () => {
    const own = Catalog.open(CORE_LOCATION);
    const locales = new Proxy(['fr'], {
      get(target, property, receiver) {
        own.close();
        return Reflect.get(target, property, receiver);
      },
    });
    assert.throws(() => own.format('kCLErrorDomain', 0, { locales }), { code: 'EF_E_INVALID_ARGUMENT', message: 'the catalog is closed' });
    const again = Catalog.open(CORE_LOCATION);
    const argument = { type: 'string', get value() { again.close(); return 'x'; } };
    assert.throws(() => again.lookup('errors.title', { arguments: [argument] }), { message: 'the catalog is closed' });
  });

  test("the C ABI's limits", () => {
    // Past EF_MAX_PREFERENCES (256) entries the rest is ignored as the least preferred.
    const tooMany = [...Array(256).fill('zz'), 'fr'];
    assert.deepEqual(catalog.format('kCLErrorDomain', 2, { locales: tooMany }).stack, ['en']);
    assert.deepEqual(catalog.format('kCLErrorDomain', 2, { locales: tooMany.slice(1) }).stack, ['fr', 'en']);
    assert.throws(() => catalog.lookup('k'.repeat(65537)), INVALID_ARGUMENT); // EF_MAX_KEY_BYTES
    assert.throws(() => catalog.format('D', 0, { arguments: Array(1001).fill('a') }), INVALID_ARGUMENT);
    assert.equal(catalog.format('D', 0, { arguments: Array(1000).fill('a') }).title, 'Error');
  });

  test('a table name with a slash', () => {
    assert.throws(() => catalog.format('D', 0, { table: '../Localizable' }), INVALID_ARGUMENT);
  });

  test('malformed preferences are skipped, as the C ABI does', () => {
    assert.equal(catalog.format('kCLErrorDomain', 2, { locales: ['not a locale!', 'fr'] }).title, 'Pas d’Internet');
  });

  test('ErrorFormatterError and the status names', () => {
    const error = new ErrorFormatterError('message', { status: Status.EF_E_KEY_NOT_FOUND });
    assert.equal(error.code, 'EF_E_KEY_NOT_FOUND');
    assert.deepEqual([error.file, error.line, error.column], [null, 0, 0]);
    assert.equal(statusName(0), 'EF_OK');
    assert.equal(statusName(99), 'EF_E_UNKNOWN');
    for (const [name, status] of Object.entries(Status)) assert.equal(statusName(status), name);
  });
});

describe('Unicode round trips', () => {
  const texts = {
    emoji: 'Sync failed 😢👩‍👩‍👧 🏳️‍🌈',
    cjk: '同步失败：文件「報告.pdf」無法上傳。ファイル',
    rtl: 'فشلت المزامنة: «تقرير.pdf» — סנכרון נכשל',
  };

  test("the error's own texts come back whole", () => {
    const catalog = Catalog.open(CORE_LOCATION);
    for (const [name, text] of Object.entries(texts)) {
      const shown = catalog.format('Nowhere', 1, { failureReason: text, description: `${text}\n${name}` });
      assert.equal(shown.title, text);
      assert.equal(shown.message, `${text}\n${name}`);
    }
    catalog.close();
  });

  test('arguments, keys, locales and tables of a built catalog', () => {
    const catalog = Catalog.fromTables([
      { locale: 'ar', fileName: 'Ünïcode.strings', data: `"errors.D.1.title" = "خطأ: %@";\n"${texts.cjk}" = "${texts.rtl}";` },
      { locale: 'en', fileName: 'Ünïcode.strings', data: '"errors.D.1.title" = "Error: %@";' },
    ]);
    for (const text of Object.values(texts)) {
      const shown = catalog.format('D', 1, { locales: ['ar'], table: 'Ünïcode', arguments: [text] });
      assert.equal(shown.title, `خطأ: ${text}`);
      assert.equal(shown.provenance.title.table, 'Ünïcode');
    }
    const found = catalog.lookup(texts.cjk, { locales: ['ar-EG'], table: 'Ünïcode' });
    assert.deepEqual([found.value, found.locale], [texts.rtl, 'ar']);
    catalog.close();
  });

  test('a catalog in Sync formats a name in every script', () => {
    const catalog = Catalog.open(SYNC);
    assert.equal(catalog.format('SyncErrorDomain', 1, { locales: ['en'], arguments: [texts.emoji] }).title,
                 `Cannot Upload “${texts.emoji}”`);
    catalog.close();
  });
});
