'use strict';
// Opening and building catalogs: localizations, diagnostics, strict and lenient loading, and
// the catalog's lifetime (close() and the garbage collector).

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { inspect } = require('node:util');
const { test } = require('node:test');

const { Catalog, ErrorFormatterError } = require('..');
const { CORE_LOCATION, temporaryDirectory, writeTable } = require('./helpers');

const LOCALIZATIONS = ['de', 'en', 'es', 'es-419', 'fr', 'fr-CA', 'ja', 'zh-Hans', 'zh-Hant'];
// A French table whose line 3 lacks the '=' between key and value: CoreFoundation stops at the
// second string, line 3, column 15 (as the Python tests' BROKEN_TABLE).
const BROKEN_TABLE = '"errors.title" = "Erreur";\n"errors.message" = "Réessayez.";\n"controls.ok" "OK";\n';

test('the example catalog: localizations, development locale, diagnostics', () => {
  const catalog = Catalog.open(CORE_LOCATION);
  assert.equal(catalog.developmentLocale, 'en');
  assert.deepEqual(catalog.localizations, LOCALIZATIONS);
  // The seed's duplicated key, as the C demo prints it (Examples/README.md).
  assert.deepEqual(catalog.diagnostics, [
    { severity: 'warning', code: 'duplicate-key', file: 'en.lproj/Localizable.strings', line: 10, column: 1,
      message: 'duplicate key "errors.kCLErrorDomain.8.message"; this later value replaces the earlier one' },
    { severity: 'note', code: 'duplicate-key', file: 'en.lproj/Localizable.strings', line: 8, column: 1,
      message: 'earlier definition of "errors.kCLErrorDomain.8.message", ignored' },
  ]);
  assert.ok(Object.isFrozen(catalog.diagnostics) && Object.isFrozen(catalog.diagnostics[0]));
  catalog.close();
});

test('a path as a string, a Buffer or a file: URL', () => {
  for (const spelling of [CORE_LOCATION, Buffer.from(CORE_LOCATION), pathToFileURL(CORE_LOCATION)]) {
    const catalog = Catalog.open(spelling);
    assert.deepEqual(catalog.localizations, LOCALIZATIONS);
    catalog.close();
  }
});

test('openAsync: the same catalog, opened on the thread pool; failures reject', async () => {
  const opened = await Promise.all([Catalog.openAsync(CORE_LOCATION), Catalog.openAsync(CORE_LOCATION),
                                    Catalog.openAsync(pathToFileURL(CORE_LOCATION), { developmentLocale: 'fr' })]);
  for (const catalog of opened) {
    assert.deepEqual(catalog.localizations, LOCALIZATIONS);
    assert.equal(catalog.diagnostics.length, 2);
  }
  assert.equal(opened[2].developmentLocale, 'fr');
  assert.equal(opened[0].format('kCLErrorDomain', 0, { locales: ['zh-TW'] }).title, '位置不明');
  opened.forEach((catalog) => catalog.close());
  const directory = temporaryDirectory();
  writeTable(directory, 'fr', BROKEN_TABLE);
  await assert.rejects(Catalog.openAsync(directory, { strict: true }), { code: 'EF_E_PARSE', line: 3, column: 15 });
  await assert.rejects(Catalog.openAsync(path.join(directory, 'missing')), { code: 'EF_E_NOT_FOUND' });
  await assert.rejects(Catalog.openAsync(42), { name: 'TypeError' });
  await assert.rejects(Catalog.openAsync(CORE_LOCATION, { strict: 1 }), { name: 'TypeError' });
  await assert.rejects(Catalog.openAsync(`${CORE_LOCATION}\ud800`), { code: 'EF_E_INVALID_UTF8' });
});

test('the development locale is an option', () => {
  const frenchFirst = Catalog.open(CORE_LOCATION, { developmentLocale: 'fr' });
  assert.equal(frenchFirst.developmentLocale, 'fr');
  assert.equal(frenchFirst.format('kCLErrorDomain', 0, { locales: ['sv'] }).title, 'Position inconnue');
  frenchFirst.close();
});

test('lenient opening leaves a broken table out; strict opening says where it is', () => {
  const directory = temporaryDirectory();
  writeTable(directory, 'en', '"errors.title" = "Problem";');
  writeTable(directory, 'de', '"errors.title" = "Problem (de)";');
  writeTable(directory, 'fr', BROKEN_TABLE);
  const lenient = Catalog.open(directory);
  const errors = lenient.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  assert.equal(errors.length, 1);
  assert.equal(errors[0].file, 'fr.lproj/Localizable.strings');
  assert.equal(errors[0].line, 3);
  assert.equal(lenient.format('D', 1, { locales: ['fr'] }).title, 'Problem');
  assert.equal(lenient.format('D', 1, { locales: ['de'] }).title, 'Problem (de)');
  lenient.close();
  assert.throws(() => Catalog.open(directory, { strict: true }), (error) => {
    assert.ok(error instanceof ErrorFormatterError && error instanceof Error);
    assert.equal(error.name, 'ErrorFormatterError');
    assert.equal(error.code, 'EF_E_PARSE');
    assert.equal(error.status, 5);
    assert.ok(error.file.endsWith(path.join('fr.lproj', 'Localizable.strings')), error.file);
    assert.deepEqual([error.line, error.column], [3, 15]);
    assert.ok(error.message.length > 0);
    return true;
  });
});

test('a missing directory, and a file that is not one', () => {
  const directory = temporaryDirectory();
  assert.throws(() => Catalog.open(path.join(directory, 'missing')),
                { name: 'ErrorFormatterError', code: 'EF_E_NOT_FOUND', status: 3 });
  const file = path.join(directory, 'a-file');
  fs.writeFileSync(file, '"a" = "b";');
  assert.throws(() => Catalog.open(file), { code: 'EF_E_IO', status: 4 });
  assert.throws(() => Catalog.open(CORE_LOCATION, { developmentLocale: 'not a locale!' }),
                { code: 'EF_E_INVALID_LOCALE' });
});

test('fromTables: the builder, from Buffers, Uint8Arrays and strings', () => {
  const catalog = Catalog.fromTables([
    { locale: 'en', fileName: 'Localizable.strings', data: Buffer.from('"errors.title" = "Problem";\n"controls.ok" = "OK";') },
    { locale: 'es', fileName: 'Localizable.strings', data: new TextEncoder().encode('"controls.ok" = "Vale";') },
    { locale: null, fileName: 'Localizable.strings', data: '"errors.D.1.title" = "Unlocalized";' },
  ]);
  assert.deepEqual(catalog.localizations, ['en', 'es']);
  const shown = catalog.format('D', 1, { locales: ['es'] });
  assert.equal(shown.button, 'Vale');
  assert.equal(shown.title, 'Unlocalized');
  assert.equal(shown.provenance.title.locale, '');
  assert.deepEqual(shown.stack, ['es', 'en', '']);
  catalog.close();
});

test('fromTables: strict builders refuse a broken table, lenient ones record it', () => {
  const tables = [{ locale: 'en', fileName: 'Localizable.strings', data: '"errors.title" = "Problem";' },
                  { locale: 'fr', fileName: 'Localizable.strings', data: BROKEN_TABLE }];
  assert.throws(() => Catalog.fromTables(tables, { strict: true }), { code: 'EF_E_PARSE', line: 3, column: 15 });
  const lenient = Catalog.fromTables(tables);
  assert.deepEqual(lenient.diagnostics.map((diagnostic) => diagnostic.severity), ['error']);
  assert.equal(lenient.format('D', 1, { locales: ['fr'] }).title, 'Problem');
  lenient.close();
  assert.throws(() => Catalog.fromTables([{ locale: 'en', fileName: 'Localizable.txt', data: '' }]),
                { code: 'EF_E_INVALID_ARGUMENT' });
  assert.throws(() => Catalog.fromTables([{ locale: 'en', fileName: 'Localizable.strings', data: 42 }]), TypeError);
  assert.throws(() => Catalog.fromTables('Localizable.strings'), TypeError);
});

test('close() is idempotent and every use after it throws', () => {
  const catalog = Catalog.open(CORE_LOCATION);
  assert.equal(inspect(catalog, { compact: true, breakLength: Infinity }),
               "Catalog { developmentLocale: 'en', localizations: [ 'de', 'en', 'es', 'es-419', 'fr', " +
               "'fr-CA', 'ja', 'zh-Hans', 'zh-Hant' ], diagnostics: 2 }");
  assert.equal(catalog.closed, false);
  catalog.close();
  catalog.close();
  assert.equal(catalog.closed, true);
  assert.equal(inspect(catalog), 'Catalog (closed)');
  const closed = { name: 'ErrorFormatterError', code: 'EF_E_INVALID_ARGUMENT', message: 'the catalog is closed' };
  assert.throws(() => catalog.format('kCLErrorDomain', 0), closed);
  assert.throws(() => catalog.lookup('errors.title'), closed);
  assert.throws(() => catalog.lint(), closed);
  assert.throws(() => catalog.localizations, closed);
  assert.throws(() => catalog.diagnostics, closed);
  assert.throws(() => catalog.developmentLocale, closed);
});

test('Symbol.dispose closes, where the runtime has it', { skip: typeof Symbol.dispose !== 'symbol' && 'no Symbol.dispose' }, () => {
  const catalog = Catalog.open(CORE_LOCATION);
  catalog[Symbol.dispose]();
  assert.equal(catalog.closed, true);
});

test('catalogs are only made by open() and fromTables()', () => {
  assert.throws(() => new Catalog({}), TypeError);
});

test('catalogs left to the garbage collector are freed by it, without a crash', () => {
  // In a child with --expose-gc: catalogs dropped open, collected, and the results still read.
  const child = spawnSync(process.execPath, ['--expose-gc', '-e', `
    const { Catalog } = require(${JSON.stringify(path.resolve(__dirname, '..'))});
    const kept = [];
    for (let i = 0; i < 200; i++) {
      kept.push(Catalog.open(${JSON.stringify(CORE_LOCATION)}).format('kCLErrorDomain', 0, { locales: ['ja'] }));
    }
    for (let i = 0; i < 5; i++) global.gc();
    setImmediate(() => { global.gc(); process.stdout.write(kept[0].title + ' ' + kept.length); });
  `], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, '位置情報を取得できません 200');
});
