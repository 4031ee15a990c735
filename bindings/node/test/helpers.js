'use strict';
// What the tests share: the example catalogs of the repository, and errfmt to compare with.

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const EXAMPLES = path.resolve(__dirname, '..', '..', '..', 'Examples');
const CORE_LOCATION = path.join(EXAMPLES, 'CoreLocation');
const SYNC = path.join(EXAMPLES, 'Sync');

/** A fresh directory that is removed when the process exits. */
function temporaryDirectory() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'errorformatter-node-'));
  process.on('exit', () => fs.rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/** Writes <directory>/<locale>.lproj/<file> (Localizable.strings by default). */
function writeTable(directory, locale, text, file = 'Localizable.strings') {
  fs.mkdirSync(path.join(directory, `${locale}.lproj`), { recursive: true });
  fs.writeFileSync(path.join(directory, `${locale}.lproj`, file), text);
}

/**
 * Holds every thread of libuv's pool until release() is awaited, so that work queued meanwhile
 * (an asynchronous call of the addon) certainly starts after what the caller does in between.
 * Each thread is held in open(2) of a FIFO for reading, which returns once release() opens its
 * other end; work is taken in the order it was queued, so the work queued after these waits.
 * Null (say why with NO_FIFO) where FIFOs cannot be made.
 */
function holdThreadPool(directory) {
  // libuv's pool has UV_THREADPOOL_SIZE threads, 4 by default; holding more waits for nothing.
  const size = Math.min(Math.max(Number.parseInt(process.env.UV_THREADPOOL_SIZE, 10) || 0, 4), 1024);
  const fifos = Array.from({ length: size }, (_, index) => path.join(directory, `pool-${index}.fifo`));
  try {
    execFileSync('mkfifo', fifos);
  } catch {
    return null;
  }
  const opened = fifos.map((fifo) => fs.promises.open(fifo, 'r'));
  return {
    async release() {
      // In the order queued: a thread freed takes the next held open, never the caller's work.
      for (const fifo of fifos) fs.closeSync(fs.openSync(fifo, 'w'));
      for (const handle of await Promise.all(opened)) await handle.close();
    },
  };
}

const NO_FIFO = 'skipped: needs mkfifo to hold the thread pool';

module.exports = { CORE_LOCATION, EXAMPLES, NO_FIFO, SYNC, holdThreadPool, temporaryDirectory, writeTable };
