'use strict';
// Worker threads: the addon is context-aware (NAPI_MODULE_INIT, no global mutable state), so
// every worker loads its own instance of it, beside the main thread's, and formats.

const assert = require('node:assert/strict');
const path = require('node:path');
const { test } = require('node:test');
const { Worker } = require('node:worker_threads');

const { Catalog } = require('..');
const { CORE_LOCATION, temporaryDirectory } = require('./helpers');

// A worker that opens a catalog, formats and posts the result; with `close` false it leaves the
// catalog to its environment's teardown (the finalizer frees it when the worker exits).
function formatInWorker(locale, close = true) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`
      const { parentPort, workerData } = require('node:worker_threads');
      const { Catalog } = require(workerData.binding);
      const catalog = Catalog.open(workerData.catalog);
      const shown = catalog.format('kCLErrorDomain', 2, { locales: [workerData.locale] });
      if (workerData.close) catalog.close();
      parentPort.postMessage(shown);
    `, { eval: true, workerData: { binding: path.resolve(__dirname, '..'), catalog: CORE_LOCATION, locale, close } });
    let shown;
    worker.once('message', (message) => { shown = message; });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve(shown) : reject(new Error(`worker exited with ${code}`))));
  });
}

test('workers load the addon beside the main thread and format', async () => {
  const catalog = Catalog.open(CORE_LOCATION); // the main thread's instance is loaded first
  const locales = ['fr-CA', 'ja', 'zh-TW', 'es-MX'];
  const shown = await Promise.all(locales.map((locale, index) => formatInWorker(locale, index % 2 === 0)));
  for (const [index, locale] of locales.entries()) {
    // A result crosses threads as a structured clone: plain data, equal to the main thread's.
    assert.deepEqual(shown[index], catalog.format('kCLErrorDomain', 2, { locales: [locale] }));
  }
  assert.equal(shown[1].title, 'インターネットに接続できません');
  catalog.close();
});

test('workers that end with asynchronous opens and compiles in flight', async () => {
  // Exiting or terminated while openAsync's and compileAsync's work runs on the thread pool:
  // the environment's teardown cancels or settles the work and frees what it made (a compiled
  // catalog, closed or not, once its compiles are done); the process goes on.
  const directory = temporaryDirectory();
  const exits = [];
  for (let index = 0; index < 12; index++) {
    const worker = new Worker(`
      const path = require('node:path');
      const { workerData } = require('node:worker_threads');
      const { Catalog } = require(workerData.binding);
      for (let i = 0; i < 4; i++) Catalog.openAsync(workerData.catalog).then((catalog) => catalog.format('D', 1));
      const compiled = Catalog.open(workerData.catalog);
      for (let i = 0; i < 4; i++) {
        compiled.compileAsync(path.join(workerData.directory, workerData.index + '-' + i + '.efc'));
      }
      if (workerData.index % 4 < 2) compiled.close();
      if (workerData.exit) process.exit(0);
    `, { eval: true, workerData: { binding: path.resolve(__dirname, '..'), catalog: CORE_LOCATION, directory, index,
                                   exit: index % 2 === 1 } });
    if (index % 3 === 0) setImmediate(() => worker.terminate());
    exits.push(new Promise((resolve) => worker.once('exit', resolve)));
  }
  // Exit code 0 for the workers that exit or finish, 1 for the terminated ones.
  const codes = await Promise.all(exits);
  assert.ok(codes.every((code) => code === 0 || code === 1), `exit codes ${codes}`);
  // The main thread's addon is unaffected.
  const catalog = await Catalog.openAsync(CORE_LOCATION);
  assert.equal(catalog.format('kCLErrorDomain', 2, { locales: ['ja'] }).title, 'インターネットに接続できません');
  catalog.close();
});
