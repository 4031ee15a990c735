'use strict';
// LiveCatalog (library 1.3): changes taken by reload() and by the library's thread, refusals
// reported and never served, versions that outlive their live catalog.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');
const { test } = require('node:test');

const { Catalog, ErrorFormatterError, LiveCatalog } = require('..');
const { CORE_LOCATION, temporaryDirectory } = require('./helpers');

// How long a test waits for what it expects (a hang guard, not a measurement).
const PATIENCE_MS = 30000;

async function eventually(condition) {
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await sleep(2);
  }
  return false;
}

/** Writes text beside file and renames it over file. */
function replace(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.new`, text);
  fs.renameSync(`${file}.new`, file);
}

const versionText = (version) => `"errors.Live.1.title" = "Version ${version}";\n`;
const served = (live) => live.format('Live', 1, { locales: ['en'] }).title;
const refusal = (live) => live.lastError?.code ?? null;

test('the example as a live catalog; a version outlives it', () => {
  const live = LiveCatalog.open(CORE_LOCATION, { checkIntervalMs: 0 });
  assert.equal(live.generation, 1);
  assert.equal(live.lastError, null);
  assert.equal(live.format('kCLErrorDomain', 0, { locales: ['fr-CA'] }).title, 'Emplacement inconnu');
  const kept = live.current();
  assert.ok(kept instanceof Catalog);
  live.close();
  live.close();
  assert.throws(() => live.current(), ErrorFormatterError);
  assert.equal(kept.format('kCLErrorDomain', 0, { locales: ['fr-CA'] }).title, 'Emplacement inconnu');
  kept.close();
  assert.throws(() => LiveCatalog.open(CORE_LOCATION, { checkIntervalMs: -1 }), { code: 'EF_E_INVALID_ARGUMENT' });
  assert.throws(() => LiveCatalog.open(CORE_LOCATION, { every: 1 }), TypeError);
  assert.throws(() => LiveCatalog.open(path.join(CORE_LOCATION, 'missing')), { code: 'EF_E_NOT_FOUND' });
});

test('reload takes changes and reports refusals', () => {
  const root = temporaryDirectory();
  const catalog = path.join(root, 'catalog');
  const table = path.join(catalog, 'en.lproj', 'Localizable.strings');
  replace(table, versionText(1));
  const live = LiveCatalog.open(catalog, { strict: true, checkIntervalMs: 0 });
  try {
    const first = live.current();
    replace(table, versionText(2));
    live.reload();
    assert.deepEqual([live.generation, served(live)], [2, 'Version 2']);
    assert.equal(first.format('Live', 1, { locales: ['en'] }).title, 'Version 1');
    first.close();

    replace(table, `${versionText(3)}"b" = "never closed\n`);
    assert.throws(() => live.reload(), { code: 'EF_E_PARSE', file: 'en.lproj/Localizable.strings', line: 2 });
    assert.equal(refusal(live), 'EF_E_PARSE');
    assert.deepEqual([live.generation, served(live)], [2, 'Version 2']);

    fs.renameSync(catalog, path.join(root, 'gone'));
    assert.throws(() => live.reload(), { code: 'EF_E_NOT_FOUND' });
    assert.equal(refusal(live), 'EF_E_NOT_FOUND');
    assert.equal(served(live), 'Version 2');

    fs.renameSync(path.join(root, 'gone'), catalog);
    replace(table, versionText(4));
    live.reload();
    assert.deepEqual([live.generation, served(live), live.lastError], [3, 'Version 4', null]);
  } finally {
    live.close();
  }
});

test("Catalog.open's options reach every version", () => {
  const catalog = temporaryDirectory();
  replace(path.join(catalog, 'en.lproj', 'Localizable.strings'), '"errors.Live.1.title" = "%lld files";\n');
  const german = path.join(catalog, 'de.lproj', 'Localizable.strings');
  replace(german, '"errors.Live.1.title" = "%lld Dateien";\n');
  const live = LiveCatalog.open(catalog, { checkIntervalMs: 0, localizedNumbers: true, pseudoLocales: true,
                                           rejections: 'throw' });
  try {
    for (const generation of [1, 2]) {
      assert.equal(live.generation, generation);
      assert.equal(live.format('Live', 1, { locales: ['de'], arguments: [1234567] }).title, '1.234.567 Dateien');
      const pseudo = live.format('Live', 1, { locales: ['en-XA'], arguments: [7] });
      assert.ok(pseudo.title.startsWith('['), pseudo.title);
      assert.equal(pseudo.provenance.title.locale, 'en-XA');
      assert.throws(() => live.format('Live', 1, { locales: ['en'] }), { code: 'EF_E_REJECTED' });
      replace(german, '"errors.Live.1.title" = "%lld Dateien";\n"other" = "x";\n');
      if (generation === 1) live.reload();
    }
  } finally {
    live.close();
  }
  assert.throws(() => LiveCatalog.open(catalog, { checkIntervalMs: 0, rejections: 'loud' }), TypeError);
});

test("the library's thread follows the path while the event loop runs", async () => {
  const root = temporaryDirectory();
  const table = path.join(root, 'en.lproj', 'Localizable.strings');
  replace(table, versionText(1));
  const live = LiveCatalog.open(root, { strict: true, checkIntervalMs: 5, debounceMs: 20 });
  try {
    for (let version = 2; version <= 20; version++) {
      if (version % 5 === 0) {
        replace(table, '"errors.Live.1.title" = "Version 999";\n"b" = "');
        assert.ok(await eventually(() => refusal(live) === 'EF_E_PARSE'), 'a broken version refused');
        assert.notEqual(served(live), 'Version 999');
      }
      replace(table, versionText(version));
      assert.ok(await eventually(() => served(live) === `Version ${version}`), `version ${version} served`);
    }
  } finally {
    live.close();
  }
});
