'use strict';
// What the tests share: the example catalogs of the repository, and errfmt to compare with.

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

module.exports = { CORE_LOCATION, EXAMPLES, SYNC, temporaryDirectory, writeTable };
