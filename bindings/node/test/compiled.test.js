'use strict';
// Compiled catalog files (Catalog#compile and #compileAsync, open on the file) and on-demand
// loading (library 1.2), and compiled files mapped (library 1.3), give the directory's results.

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { inspect } = require('node:util');
const { test } = require('node:test');

const { Catalog } = require('..');
const { CORE_LOCATION, NO_FIFO, holdThreadPool, temporaryDirectory, writeTable } = require('./helpers');

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

// What a call threw or its promise was rejected with, as users see it; null if it succeeded.
async function failureOf(call) {
  try {
    await call();
    return null;
  } catch (error) {
    const { name, code, status, message, file, line, column } = error;
    return { class: error.constructor.name, name, code, status, message, file, line, column };
  }
}

test('compileAsync writes the bytes compile writes, for every spelling of the path', async () => {
  const directory = temporaryDirectory();
  const catalogs = [
    Catalog.open(CORE_LOCATION),
    // Compiling reads every localization: on demand, the work thread reads them.
    Catalog.open(CORE_LOCATION, { onDemand: true }),
    Catalog.fromTables([{ locale: 'fr', fileName: 'Localizable.strings', data: '"errors.title" = "Erreur";' }],
                       { developmentLocale: 'fr' }),
  ];
  for (const [index, catalog] of catalogs.entries()) {
    const reference = path.join(directory, `compile-${index}.efc`);
    catalog.compile(reference);
    const expected = fs.readFileSync(reference);
    const target = path.join(directory, `compileAsync-${index}.efc`);
    for (const spelling of [target, Buffer.from(target), new Uint8Array(Buffer.from(target)), pathToFileURL(target)]) {
      fs.rmSync(target, { force: true });
      const pending = catalog.compileAsync(spelling);
      assert.ok(pending instanceof Promise);
      assert.equal(await pending, undefined);
      assert.ok(fs.readFileSync(target).equals(expected), `other bytes than compile's: ${index}, ${inspect(spelling)}`);
    }
    const compiled = await Catalog.openAsync(target);
    assert.equal(compiled.developmentLocale, catalog.developmentLocale);
    assert.deepEqual(compiled.localizations, catalog.localizations);
    assert.deepEqual(compiled.diagnostics, catalog.diagnostics);
    assert.deepEqual(compiled.lookup('errors.title', { locales: ['fr'] }),
                     catalog.lookup('errors.title', { locales: ['fr'] }));
    if (index < 2) assert.deepEqual(shownTexts(compiled), shownTexts(catalog));
    compiled.close();
  }
  assert.equal(catalogs[2].lookup('errors.title', { locales: ['fr'] }).value, 'Erreur');
  catalogs.forEach((catalog) => catalog.close());
});

test('compileAsync rejects with what compile throws, and never throws itself', async () => {
  const directory = temporaryDirectory();
  const file = path.join(directory, 'file');
  fs.writeFileSync(file, '');
  const catalog = Catalog.open(CORE_LOCATION);
  const paths = [
    path.join(directory, 'missing', 'CoreLocation.efc'), // EF_E_IO: no such directory
    path.join(file, 'CoreLocation.efc'), // EF_E_IO: a file where a directory should be
    '', 'a\0b', Buffer.from('a\0b'), '\ud800', 42, null, undefined, {}, new Float32Array(2),
    new URL('https://example.com/CoreLocation.efc'),
  ];
  const expectedCodes = ['EF_E_IO', 'EF_E_IO', 'EF_E_INVALID_ARGUMENT', 'EF_E_INVALID_ARGUMENT',
                         'EF_E_INVALID_ARGUMENT', 'EF_E_INVALID_UTF8', 'ERR_INVALID_ARG_TYPE',
                         'ERR_INVALID_ARG_TYPE', 'ERR_INVALID_ARG_TYPE', 'ERR_INVALID_ARG_TYPE',
                         'ERR_INVALID_ARG_TYPE', 'ERR_INVALID_URL_SCHEME'];
  const check = async (value, expectedCode) => {
    const thrown = await failureOf(() => catalog.compile(value));
    assert.equal(thrown?.code, expectedCode, `compile(${inspect(value)})`);
    let pending;
    const rejected = await failureOf(() => { pending = catalog.compileAsync(value); return pending; });
    assert.ok(pending instanceof Promise, `compileAsync(${inspect(value)}) threw: ${inspect(rejected)}`);
    assert.deepEqual(rejected, thrown, `compileAsync(${inspect(value)})`);
  };
  for (const [index, value] of paths.entries()) await check(value, expectedCodes[index]);
  const io = await failureOf(() => catalog.compileAsync(paths[0]));
  assert.equal(io.class, 'ErrorFormatterError');
  assert.equal(io.status, 4);
  catalog.close();
  await check(path.join(directory, 'closed.efc'), 'EF_E_INVALID_ARGUMENT');
  assert.equal((await failureOf(() => catalog.compileAsync(path.join(directory, 'closed.efc')))).message,
               'the catalog is closed');
  assert.equal(fs.existsSync(path.join(directory, 'closed.efc')), false);
});

test('close() while compileAsync runs: the files are written, later calls refused', async (t) => {
  const directory = temporaryDirectory();
  const catalog = Catalog.open(CORE_LOCATION);
  const reference = path.join(directory, 'reference.efc');
  catalog.compile(reference);
  const expected = fs.readFileSync(reference);
  const pool = holdThreadPool(directory);
  if (pool === null) return t.skip(NO_FIFO);
  const targets = [1, 2, 3].map((index) => path.join(directory, `closed-${index}.efc`));
  let pending;
  try {
    // The compiles are queued behind the held pool: each starts after close() has returned.
    pending = targets.map((target) => catalog.compileAsync(target));
    catalog.close();
    assert.equal(catalog.closed, true);
    const closed = { name: 'ErrorFormatterError', code: 'EF_E_INVALID_ARGUMENT', message: 'the catalog is closed' };
    assert.throws(() => catalog.compile(path.join(directory, 'later.efc')), closed);
    await assert.rejects(catalog.compileAsync(path.join(directory, 'later.efc')), closed);
    assert.throws(() => catalog.format('kCLErrorDomain', 0), closed);
  } finally {
    await pool.release();
  }
  assert.deepEqual(await Promise.all(pending), [undefined, undefined, undefined]);
  for (const target of targets) assert.ok(fs.readFileSync(target).equals(expected), `${target} differs`);
  assert.equal(fs.existsSync(path.join(directory, 'later.efc')), false);
});

test('a handle collected while its compiles run: the catalog is freed after them', (t) => {
  // In a child with --expose-gc, the addon called directly (index.js's Catalog stays reachable
  // from its pending compileAsync): handles closed or not, dropped and collected while their
  // compiles wait behind the held thread pool; the files are written all the same.
  const ADDON = process.env.ERRORFORMATTER_NODE_ADDON || path.resolve(__dirname, '..', 'native', 'errorformatter.node');
  const child = spawnSync(process.execPath, ['--expose-gc', '-e', `
    const fs = require('node:fs');
    const path = require('node:path');
    const { holdThreadPool, temporaryDirectory } = require(${JSON.stringify(path.join(__dirname, 'helpers.js'))});
    require(${JSON.stringify(path.resolve(__dirname, '..'))}); // registers the error class
    const native = require(${JSON.stringify(ADDON)});
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    (async () => {
      const directory = temporaryDirectory();
      const pool = holdThreadPool(directory);
      if (pool === null) return process.stdout.write('no FIFO');
      const collected = new Set();
      const registry = new FinalizationRegistry((name) => collected.add(name));
      // The handle lives only in this function's frame, which ends here (the async one waits).
      const compileThrice = (close) => {
        const handle = native.catalogOpen(${JSON.stringify(CORE_LOCATION)}, null, false);
        registry.register(handle, close);
        const compiles = [0, 1, 2].map((i) =>
          native.catalogCompileAsync(handle, path.join(directory, close + '-' + i)));
        if (close) native.catalogClose(handle);
        return compiles;
      };
      const pending = [...compileThrice(false), ...compileThrice(true)];
      for (let round = 0; round < 100 && collected.size < 2; round++) { global.gc(); await nextTurn(); }
      for (let round = 0; round < 5; round++) await nextTurn(); // the addon's finalizers run in these turns
      await pool.release();
      await Promise.all(pending);
      const sizes = new Set(fs.readdirSync(directory).filter((name) => !name.endsWith('.fifo'))
        .map((name) => fs.statSync(path.join(directory, name)).size));
      process.stdout.write(collected.size + ' collected, ' + pending.length + ' written, sizes ' + [...sizes]);
    })();
  `], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  if (child.stdout === 'no FIFO') return t.skip(NO_FIFO);
  const reference = path.join(temporaryDirectory(), 'reference.efc');
  const catalog = Catalog.open(CORE_LOCATION);
  catalog.compile(reference);
  catalog.close();
  assert.equal(child.stdout, `2 collected, 6 written, sizes ${fs.statSync(reference).size}`);
});

test('many compileAsync at once on one catalog, while it formats', async () => {
  const directory = temporaryDirectory();
  const catalog = Catalog.open(CORE_LOCATION);
  const reference = path.join(directory, 'reference.efc');
  catalog.compile(reference);
  const expected = fs.readFileSync(reference);
  const targets = Array.from({ length: 24 }, (_, index) => path.join(directory, `many-${index}.efc`));
  const pending = targets.map((target) => catalog.compileAsync(target));
  // The JavaScript thread formats with the catalog while the work threads compile it.
  const texts = shownTexts(catalog);
  assert.deepEqual(await Promise.all(pending), targets.map(() => undefined));
  for (const target of targets) assert.ok(fs.readFileSync(target).equals(expected), `${target} differs`);
  const compiled = Catalog.open(targets[23]);
  assert.deepEqual(shownTexts(compiled), texts);
  // To one path at once: each renames a whole file over it, so one whole file is left.
  const shared = path.join(directory, 'shared.efc');
  assert.deepEqual(await Promise.all(targets.map(() => catalog.compileAsync(shared))), targets.map(() => undefined));
  assert.ok(fs.readFileSync(shared).equals(expected));
  const written = [...targets.map((target) => path.basename(target)), 'reference.efc', 'shared.efc'];
  assert.deepEqual(fs.readdirSync(directory).sort(), written.sort(), 'a temporary file was left beside them');
  [catalog, compiled].forEach((each) => each.close());
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
