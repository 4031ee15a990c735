'use strict';
// Locale identifiers, CLDR fallback chains and preference lists (the Python tests' cases).

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { test } = require('node:test');

const { Catalog, localeChain, normalizeLocale, preferencesFromAcceptLanguage } = require('..');
const { CORE_LOCATION } = require('./helpers');

test('normalizeLocale: ICU canonical forms', () => {
  const cases = [['fr-CA', 'fr_CA'], ['fr_CA', 'fr_CA'], ['zh-Hant-TW', 'zh_Hant_TW'], ['es-419', 'es_419'],
                 ['en_US.UTF-8', 'en_US'], ['und', ''], ['root', ''], ['C', ''], ['POSIX', '']];
  for (const [spelling, normalized] of cases) assert.equal(normalizeLocale(spelling), normalized, spelling);
  assert.throws(() => normalizeLocale('not a locale!'), { code: 'EF_E_INVALID_LOCALE' });
  assert.throws(() => normalizeLocale('x'.repeat(101)), { code: 'EF_E_INVALID_LOCALE' });
});

test('localeChain: es-MX through es-419; zh-TW through its alias, never zh', () => {
  assert.deepEqual(localeChain('es-MX'), {
    normalized: 'es_MX', untranslated: false,
    entries: [{ id: 'es_MX', kind: 'bundle' }, { id: 'es_419', kind: 'bundle' }, { id: 'es', kind: 'bundle' }],
  });
  const chinese = localeChain('zh-TW');
  assert.deepEqual(chinese.entries.slice(0, 3), [
    { id: 'zh_TW', kind: 'alias' }, { id: 'zh_Hant_TW', kind: 'bundle' }, { id: 'zh_Hant', kind: 'bundle' }]);
  assert.ok(!chinese.entries.some((entry) => entry.id === 'zh'));
  assert.deepEqual(localeChain('C'), { normalized: '', untranslated: true, entries: [] });
  assert.ok(Object.isFrozen(chinese.entries[0]));
});

test('preferencesFromAcceptLanguage: by quality, stably; q=0, * and garbage dropped', () => {
  assert.deepEqual(preferencesFromAcceptLanguage('en;q=0.5, fr-CA, *;q=0.9, de;q=0, fr;q=0.8, garbage;q=x'),
                   ['fr-CA', 'fr', 'en']);
  assert.deepEqual(preferencesFromAcceptLanguage(''), []);
  assert.throws(() => preferencesFromAcceptLanguage('fr\udcff'), { code: 'EF_E_INVALID_UTF8' });
});

// The library reads the process's environment itself (getenv): each case runs in a child
// process whose environment holds only the variables given, and what loads the addon (the
// sanitizers' run preloads their runtimes).
function preferencesWith(variables) {
  const loading = {};
  for (const name of ['ERRORFORMATTER_NODE_ADDON', 'LD_PRELOAD', 'ASAN_OPTIONS', 'UBSAN_OPTIONS']) {
    if (process.env[name] !== undefined) loading[name] = process.env[name];
  }
  const child = spawnSync(process.execPath, ['-e', `
    const ef = require(${JSON.stringify(path.resolve(__dirname, '..'))});
    process.stdout.write(JSON.stringify(ef.preferencesFromEnvironment()));
  `], { encoding: 'utf8', env: { ...variables, ...loading } });
  assert.equal(child.status, 0, child.stderr);
  return JSON.parse(child.stdout);
}

test("preferencesFromEnvironment: gettext's precedence", () => {
  assert.deepEqual(preferencesWith({ LANG: 'de_AT.UTF-8' }), ['de_AT.UTF-8']);
  assert.deepEqual(preferencesWith({ LANG: 'de_AT.UTF-8', LANGUAGE: 'fr_CA:fr' }), ['fr_CA', 'fr']);
  assert.deepEqual(preferencesWith({ LANG: 'de_DE.UTF-8', LC_ALL: 'C', LANGUAGE: 'fr' }), ['C']);
  assert.deepEqual(preferencesWith({}), []);
});

test('preferences from the environment drive formatting', () => {
  const [preferences] = [preferencesWith({ LANG: 'es_MX.UTF-8' })];
  const catalog = Catalog.open(CORE_LOCATION);
  assert.deepEqual(catalog.format('kCLErrorDomain', 1, { locales: preferences }).stack, ['es-419', 'es', 'en']);
  catalog.close();
});
