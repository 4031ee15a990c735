'use strict';
// The mistakes of a first hour with the binding, and what each says (docs/conventions.md,
// "Failures across bindings"): a wrong catalog path, a POSIX locale with a codeset, a number
// where a text takes a string and a string where it takes a number, an integer for %.1f, and a
// call after close.

const assert = require('node:assert/strict');
const path = require('node:path');
const { test } = require('node:test');

const { Catalog, ErrorFormatterError, LiveCatalog } = require('..');
const { CORE_LOCATION, SYNC } = require('./helpers.js');

const REJECTED_SIZE = "errors.SyncErrorDomain.3.message in en/Localizable: '%f' needs a floating-point " +
                      'argument but argument 1 is a string [wrong-argument-type]';

/** The process warnings `body` emits, as { name, code, message }. */
async function warningsOf(body) {
  const seen = [];
  const listener = (warning) => seen.push({ name: warning.name, code: warning.code, message: warning.message });
  process.on('warning', listener);
  try {
    body();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listener);
  }
  return seen;
}

test('a wrong path names it once', () => {
  const missing = path.join(path.dirname(CORE_LOCATION), 'CoreLocaton');
  assert.throws(() => Catalog.open(missing), (error) => {
    assert.ok(error instanceof ErrorFormatterError);
    assert.equal(error.code, 'EF_E_NOT_FOUND');
    assert.equal(error.message, 'no such catalog directory');
    assert.equal(error.file, missing);
    return true;
  });
});

test('a POSIX locale with a codeset is the locale it names; a lone string is not a list', () => {
  const catalog = Catalog.open(CORE_LOCATION);
  const shown = catalog.format('kCLErrorDomain', 0, { locales: ['fr_FR.UTF-8'] });
  assert.deepEqual([shown.title, shown.provenance.title.locale], ['Position inconnue', 'fr']);
  assert.throws(() => catalog.format('kCLErrorDomain', 0, { locales: 'fr_FR.UTF-8' }),
                { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
  catalog.close();
});

test('an integer fills %.1f and a text placeholder; 12 and 12.0 are one number', async () => {
  const catalog = Catalog.open(SYNC);
  const seen = await warningsOf(() => {
    for (const size of [12, 12.0]) {
      const shown = catalog.format('SyncErrorDomain', 3, { locales: ['en'], arguments: [size, 'Backup'] });
      assert.equal(shown.message, '12.0 MB more are needed on “Backup”.');
    }
    assert.equal(catalog.format('SyncErrorDomain', 1, { locales: ['en'], arguments: [42] }).message,
                 '“42” is open in another app.');
    assert.equal(catalog.format('SyncErrorDomain', 2, { locales: ['en'], arguments: [3] }).message,
                 '3 files could not be synced.');
  });
  assert.deepEqual(seen, []);
  catalog.close();
});

test('a string where a number is expected warns, once per rejection and catalog', async () => {
  const catalog = Catalog.open(SYNC);
  let shown;
  const seen = await warningsOf(() => {
    for (let call = 0; call < 3; call++) {
      shown = catalog.format('SyncErrorDomain', 3, { locales: ['en'], arguments: ['12', 'Backup'] });
    }
  });
  assert.equal(shown.message, 'Please try again later.');
  assert.deepEqual(seen, [{ name: 'ErrorFormatterRejectionWarning', code: 'EF_E_REJECTED', message: REJECTED_SIZE }]);
  const looked = await warningsOf(() => {
    catalog.lookup('errors.SyncErrorDomain.2.message', { locales: ['en'], arguments: ['three'] });
  });
  assert.deepEqual(looked.map((warning) => warning.code), ['EF_E_REJECTED']);
  catalog.close();
});

test('a rejection throws or stays quiet when asked', async () => {
  const strict = Catalog.open(SYNC, { rejections: 'throw' });
  for (let call = 0; call < 2; call++) {
    assert.throws(() => strict.format('SyncErrorDomain', 3, { locales: ['en'], arguments: ['12', 'Backup'] }),
                  { name: 'ErrorFormatterError', code: 'EF_E_REJECTED', status: 9, message: REJECTED_SIZE });
  }
  strict.close();
  const quiet = Catalog.open(SYNC, { rejections: 'ignore' });
  const seen = await warningsOf(() => {
    const shown = quiet.format('SyncErrorDomain', 3, { locales: ['en'], arguments: ['12', 'Backup'] });
    assert.equal(shown.provenance.message.rejections[0].code, 'wrong-argument-type');
  });
  assert.deepEqual(seen, []);
  quiet.close();
  assert.throws(() => Catalog.open(SYNC, { rejections: 'loud' }), { name: 'TypeError' });
});

test('a call after close is EF_E_INVALID_ARGUMENT, the catalog is closed', () => {
  const catalog = Catalog.open(SYNC);
  catalog.close();
  const closed = { name: 'ErrorFormatterError', code: 'EF_E_INVALID_ARGUMENT', message: 'the catalog is closed' };
  assert.throws(() => catalog.format('SyncErrorDomain', 1), closed);
  assert.throws(() => catalog.lookup('errors.title'), closed);
  assert.throws(() => catalog.localizations, closed);
});

test('a call after close of a live catalog is what a closed catalog throws', () => {
  const live = LiveCatalog.open(SYNC, { checkIntervalMs: 0 });
  live.close();
  const closed = { name: 'ErrorFormatterError', code: 'EF_E_INVALID_ARGUMENT', message: 'the catalog is closed' };
  assert.throws(() => live.format('SyncErrorDomain', 1), closed);
  assert.throws(() => live.lookup('errors.title'), closed);
  assert.throws(() => live.current(), closed);
  assert.throws(() => live.reload(), closed);
  assert.throws(() => live.generation, closed);
  assert.throws(() => live.lastError, closed);
  live.close();
});

test('the package sources without their native part name make node-package', () => {
  // What `npm install ./bindings/node` gives: the sources, with no native/ directory.
  const { spawnSync } = require('node:child_process');
  const { mkdtempSync, copyFileSync, rmSync } = require('node:fs');
  const os = require('node:os');
  const sources = mkdtempSync(path.join(os.tmpdir(), 'errorformatter-sources-'));
  try {
    for (const file of ['addon.js', 'errors.js', 'index.js', 'packed.js', 'package.json']) {
      copyFileSync(path.join(__dirname, '..', file), path.join(sources, file));
    }
    const environment = { ...process.env };
    delete environment.ERRORFORMATTER_NODE_ADDON;
    const run = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(sources)})`],
                          { env: environment, encoding: 'utf8' });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /the native addon .*errorformatter\.node is missing/);
    assert.match(run.stderr, /run `make node-package` and install the package it makes/);
    assert.doesNotMatch(run.stderr, /^Error: Cannot find module/m);
  } finally {
    rmSync(sources, { recursive: true, force: true });
  }
});
