'use strict';
// lint(): the checks of `errfmt lint`, on paths and on an opened catalog.

const assert = require('node:assert/strict');
const path = require('node:path');
const { test } = require('node:test');

const { Catalog, lint } = require('..');
const { CORE_LOCATION, temporaryDirectory, writeTable } = require('./helpers');

test('findings carry the file, position and key', () => {
  const directory = temporaryDirectory();
  writeTable(directory, 'en', '"hello" = "Hello %@";\n"count" = "%d files";\n');
  writeTable(directory, 'fr', '"count" = "%d fichiers";\n\n  "hello" = "Bonjour %d";\n');
  const french = path.join(directory, 'fr.lproj', 'Localizable.strings');
  const mismatch = lint(directory).filter((finding) => finding.code === 'format-mismatch');
  assert.equal(mismatch.length, 1);
  assert.equal(mismatch[0].severity, 'error');
  assert.equal(mismatch[0].file, french);
  assert.deepEqual([mismatch[0].line, mismatch[0].column, mismatch[0].key], [3, 3, 'hello']);
  assert.ok(String(mismatch[0]).startsWith(`${french}:3:3: error: `));
  assert.ok(String(mismatch[0]).endsWith('[format-mismatch]'));
});

test('files named together, and the development locale', () => {
  const directory = temporaryDirectory();
  writeTable(directory, 'de', '"a" = "%@ Dateien";\n');
  writeTable(directory, 'fr', '"a" = "%d fichiers";\n');
  const german = path.join(directory, 'de.lproj', 'Localizable.strings');
  const french = path.join(directory, 'fr.lproj', 'Localizable.strings');
  assert.deepEqual(lint([german, french]).map((finding) => finding.code), ['no-development-localization']);
  assert.deepEqual(lint([german, french], { developmentLocale: 'de' }).map((f) => [f.code, f.file, f.line]),
                   [['format-mismatch', french, 1]]);
});

test('a clean table has no findings; a missing path throws', () => {
  const directory = temporaryDirectory();
  writeTable(directory, 'en', '"a" = "A";\n');
  assert.deepEqual(lint(directory), []);
  assert.throws(() => lint(path.join(directory, 'missing.strings')), { code: 'EF_E_NOT_FOUND' });
  assert.throws(() => lint([]), { code: 'EF_E_INVALID_ARGUMENT' });
});

test('the example catalog, by path and opened', () => {
  const codes = lint(CORE_LOCATION).map((finding) => finding.code);
  assert.deepEqual(codes, ['error-title-without-message', 'duplicate-key', 'duplicate-key',
                           'identical-to-source', 'end-punctuation-mismatch']);
  const catalog = Catalog.open(CORE_LOCATION);
  const opened = catalog.lint();
  catalog.close();
  // Without positions (a catalog keeps none), the same checks.
  assert.deepEqual([...new Set(opened.map((finding) => finding.code))].sort(), [...new Set(codes)].sort());
  assert.ok(opened.every((finding) => finding.line === 0 || finding.code === 'duplicate-key'));
});
