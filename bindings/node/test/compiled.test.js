'use strict';
// Compiled catalog files (Catalog#compile, open on the file) and on-demand loading (library
// 1.2), and compiled files mapped (library 1.3), give the directory's results.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { inspect } = require('node:util');
const { test } = require('node:test');

const { Catalog } = require('..');
const { CORE_LOCATION, temporaryDirectory, writeTable } = require('./helpers');

// The title, message and button of a few codes and locales, to compare two catalogs.
function shownTexts(catalog) {
  const texts = [];
  for (const code of [0, 1, 8, 9]) {
    for (const locale of ['en', 'fr-CA', 'es-MX', 'zh-TW', 'ja']) {
      const { title, message, button } = catalog.format('kCLErrorDomain', code, { locales: [locale] });
      texts.push([title, message, button]);
    }
  }
  return texts;
}

test('a compiled catalog gives its directory\'s results', () => {
  const directory = Catalog.open(CORE_LOCATION);
  const file = path.join(temporaryDirectory(), 'CoreLocation.efc');
  directory.compile(file);
  for (const spelling of [file, pathToFileURL(file)]) {
    const compiled = Catalog.open(spelling);
    assert.equal(compiled.developmentLocale, 'en');
    assert.deepEqual(compiled.localizations, directory.localizations);
    assert.equal(compiled.format('kCLErrorDomain', 0, { locales: ['fr-CA'] }).title, 'Emplacement inconnu');
    assert.deepEqual(shownTexts(compiled), shownTexts(directory));
    compiled.close();
  }
  const strict = Catalog.open(file, { strict: true });
  assert.deepEqual(shownTexts(strict), shownTexts(directory));
  strict.close();
  directory.close();
});

test('compile errors: EF_E_IO for a path that cannot be written', () => {
  const catalog = Catalog.open(CORE_LOCATION);
  const missing = path.join(temporaryDirectory(), 'missing', 'CoreLocation.efc');
  assert.throws(() => catalog.compile(missing), { name: 'ErrorFormatterError', code: 'EF_E_IO' });
  assert.throws(() => catalog.compile(''), { code: 'EF_E_INVALID_ARGUMENT' });
  assert.throws(() => catalog.compile(42), { name: 'TypeError' });
  catalog.close();
  assert.throws(() => catalog.compile(path.join(temporaryDirectory(), 'closed.efc')),
                { code: 'EF_E_INVALID_ARGUMENT' });
});

test('onDemand: the same results as a whole load, listings read when first asked for', async () => {
  const directory = Catalog.open(CORE_LOCATION);
  const lazy = Catalog.open(CORE_LOCATION, { onDemand: true });
  assert.match(inspect(lazy), /onDemand: true/);
  assert.equal(lazy.format('kCLErrorDomain', 0, { locales: ['de-AT'] }).title, 'Unbekannter Standort');
  assert.deepEqual(shownTexts(lazy), shownTexts(directory));
  assert.deepEqual(lazy.localizations, directory.localizations);
  assert.deepEqual(lazy.diagnostics, directory.diagnostics);
  const later = await Catalog.openAsync(CORE_LOCATION, { onDemand: true, developmentLocale: 'fr' });
  assert.equal(later.developmentLocale, 'fr');
  assert.deepEqual(shownTexts(later), shownTexts(Catalog.open(CORE_LOCATION, { developmentLocale: 'fr' })));
  assert.throws(() => Catalog.open(CORE_LOCATION, { onDemand: 'yes' }), { name: 'TypeError' });
  assert.throws(() => Catalog.open(path.join(CORE_LOCATION, 'missing'), { onDemand: true }),
                { code: 'EF_E_NOT_FOUND' });
  // A catalog built in memory has nothing to read on demand.
  assert.throws(() => Catalog.fromTables([], { onDemand: true }), { name: 'TypeError' });
  [directory, lazy, later].forEach((catalog) => catalog.close());
});

test('onDemand reads a localization when first needed', () => {
  // A table rewritten after the open is read as it is then; a whole load keeps what it read.
  const directory = temporaryDirectory();
  writeTable(directory, 'fr', '"errors.title" = "Avant";');
  const whole = Catalog.open(directory);
  const deferred = Catalog.open(directory, { onDemand: true });
  writeTable(directory, 'fr', '"errors.title" = "Après";');
  assert.equal(whole.format('Any', 1, { locales: ['fr'] }).title, 'Avant');
  assert.equal(deferred.format('Any', 1, { locales: ['fr'] }).title, 'Après');
  whole.close();
  deferred.close();
});

// Whether `file` is one of this process's mappings: a line of /proc/self/maps ends in its real path.
function isMapped(file) {
  const real = fs.realpathSync(file);
  return fs.readFileSync('/proc/self/maps', 'utf8').split('\n').some((line) => line.endsWith(` ${real}`));
}

const NO_MAPS = !fs.existsSync('/proc/self/maps') && 'skipped: needs /proc/self/maps to see the mapping';

test('mapped: the same results, the file mapped until close()', { skip: NO_MAPS }, async () => {
  const file = path.join(temporaryDirectory(), 'CoreLocation.efc');
  const directory = Catalog.open(CORE_LOCATION);
  directory.compile(file);
  const read = Catalog.open(file);
  assert.equal(isMapped(file), false, 'mapped without the option');
  const opens = [
    () => Catalog.open(file, { mapped: true }),
    () => Catalog.open(file, { mapped: true, strict: true }),
    () => Catalog.open(file, { mapped: true, onDemand: true }),
    () => Catalog.openAsync(file, { mapped: true }),
    () => Catalog.openAsync(pathToFileURL(file), { mapped: true, onDemand: true }),
  ];
  for (const open of opens) {
    const mapped = await open();
    assert.equal(mapped.format('kCLErrorDomain', 0, { locales: ['fr-CA'] }).title, 'Emplacement inconnu');
    // The sections read so far (lenient: when first needed) are mapped.
    assert.equal(isMapped(file), true, `not mapped while open: ${open}`);
    assert.deepEqual(shownTexts(mapped), shownTexts(read));
    assert.equal(mapped.developmentLocale, 'en');
    assert.deepEqual(mapped.localizations, read.localizations);
    assert.deepEqual(mapped.diagnostics, read.diagnostics);
    mapped.close();
    assert.equal(isMapped(file), false, `still mapped after close(): ${open}`);
  }
  assert.throws(() => Catalog.open(file, { mapped: 'yes' }), { name: 'TypeError' });
  await assert.rejects(Catalog.openAsync(file, { mapped: 1 }), { name: 'TypeError' });
  // A catalog built in memory has no file to map.
  assert.throws(() => Catalog.fromTables([], { mapped: true }), { name: 'TypeError' });
  [directory, read].forEach((catalog) => catalog.close());
});

test('mapped changes nothing for a directory', async () => {
  const directory = Catalog.open(CORE_LOCATION);
  for (const mapped of [Catalog.open(CORE_LOCATION, { mapped: true }),
                        await Catalog.openAsync(CORE_LOCATION, { mapped: true })]) {
    assert.deepEqual(shownTexts(mapped), shownTexts(directory));
    assert.equal(mapped.developmentLocale, directory.developmentLocale);
    assert.deepEqual(mapped.localizations, directory.localizations);
    assert.deepEqual(mapped.diagnostics, directory.diagnostics);
    mapped.close();
  }
  directory.close();
});
