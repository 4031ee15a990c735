// The package from an ES module: Node finds index.js's named exports (module.exports is an
// object literal of names), so `import { Catalog } from 'errorformatter'` works as require does.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

import errorformatter, { Catalog, ErrorFormatterError, int64 } from '../index.js';

const require = createRequire(import.meta.url);
const { CORE_LOCATION } = require('./helpers.js');

test('named and default imports', () => {
  assert.deepEqual(Object.keys(errorformatter).sort(), Object.keys(require('../index.js')).sort());
  assert.equal(Catalog, errorformatter.Catalog);
  const catalog = Catalog.open(CORE_LOCATION);
  assert.equal(catalog.format('kCLErrorDomain', 0, { locales: ['ja'] }).title, '位置情報を取得できません');
  assert.throws(() => catalog.format('D', 0, { arguments: [int64(1n << 63n)] }), ErrorFormatterError);
  catalog.close();
});
