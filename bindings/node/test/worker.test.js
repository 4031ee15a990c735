'use strict';
// Worker threads: the addon is context-aware (NAPI_MODULE_INIT, no global mutable state), so
// every worker loads its own instance of it, beside the main thread's, and formats.

const assert = require('node:assert/strict');
const path = require('node:path');
const { test } = require('node:test');
const { Worker } = require('node:worker_threads');

const { Catalog } = require('..');
const { CORE_LOCATION } = require('./helpers');

function formatInWorker(locale) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`
      const { parentPort, workerData } = require('node:worker_threads');
      const { Catalog } = require(workerData.binding);
      const catalog = Catalog.open(workerData.catalog);
      const shown = catalog.format('kCLErrorDomain', 2, { locales: [workerData.locale] });
      catalog.close();
      parentPort.postMessage(shown);
    `, { eval: true, workerData: { binding: path.resolve(__dirname, '..'), catalog: CORE_LOCATION, locale } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

test('workers load the addon beside the main thread and format', async () => {
  const catalog = Catalog.open(CORE_LOCATION); // the main thread's instance is loaded first
  const locales = ['fr-CA', 'ja', 'zh-TW', 'es-MX'];
  const shown = await Promise.all(locales.map(formatInWorker));
  for (const [index, locale] of locales.entries()) {
    // A result crosses threads as a structured clone: plain data, equal to the main thread's.
    assert.deepEqual(shown[index], catalog.format('kCLErrorDomain', 2, { locales: [locale] }));
  }
  assert.equal(shown[1].title, 'インターネットに接続できません');
  catalog.close();
});
