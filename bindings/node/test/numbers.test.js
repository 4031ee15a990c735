'use strict';
// Localized numbers and pseudo-locales (library 1.3): the open options and a call's own choice.
// The digits themselves are checked against Foundation by the Swift suite.

const assert = require('node:assert/strict');
const { test } = require('node:test');

const { Catalog } = require('..');
const { temporaryDirectory, writeTable } = require('./helpers');

function numbersDirectory() {
  const directory = temporaryDirectory();
  writeTable(directory, 'en', '"errors.Sync.1.title" = "%lld files";\n"errors.Sync.2.title" = "Sync failed";\n');
  writeTable(directory, 'de', '"errors.Sync.1.title" = "%lld Dateien";\n' +
    '"errors.Sync.2.title" = "Synchronisierung fehlgeschlagen";\n');
  return directory;
}

test('numbers follow the catalog unless the call chooses', async () => {
  const directory = numbersDirectory();
  const plain = Catalog.open(directory);
  const localized = await Catalog.openAsync(directory, { localizedNumbers: true });
  const title = (catalog, value, localizedNumbers, locale) => catalog.format('Sync', 1, {
    locales: [locale], arguments: [value], localizedNumbers,
  }).title;
  // Three rounds: the library's memos and plans answer the later ones, never across choices.
  for (let round = 0; round < 3; round++) {
    assert.equal(title(plain, 1234567, null, 'de'), '1234567 Dateien');
    assert.equal(title(plain, 1234567, undefined, 'de'), '1234567 Dateien');
    assert.equal(title(plain, 1234567, true, 'de'), '1.234.567 Dateien');
    assert.equal(title(plain, -1234567, false, 'de'), '-1234567 Dateien');
    assert.equal(title(localized, 1234567, null, 'de'), '1.234.567 Dateien');
    assert.equal(title(localized, 1234567, null, 'en'), '1,234,567 files');
    assert.equal(title(localized, 1234567, false, 'de'), '1234567 Dateien');
  }
  assert.throws(() => title(plain, 1, 'yes', 'de'), TypeError);
  plain.close();
  localized.close();
});

test('pseudo-locales only when asked', () => {
  const directory = numbersDirectory();
  const plain = Catalog.open(directory);
  const pseudo = Catalog.open(directory, { pseudoLocales: true });
  const accented = pseudo.format('Sync', 2, { locales: ['en-XA'] });
  assert.ok(accented.title.startsWith('[') && accented.title.endsWith(']'), accented.title);
  assert.ok(accented.title.length > 'Sync failed'.length);
  assert.equal(accented.provenance.title.locale, 'en-XA');
  assert.equal(plain.format('Sync', 2, { locales: ['en-XA'] }).title, 'Sync failed');
  assert.equal(pseudo.format('Sync', 2, { locales: ['de-AT'] }).title, 'Synchronisierung fehlgeschlagen');
  assert.deepEqual(pseudo.localizations, plain.localizations);
  plain.close();
  pseudo.close();
});
