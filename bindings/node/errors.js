'use strict';
// The status codes of the C ABI and ErrorFormatterError, which every failure throws: the
// addon's (registered here), index.js's own checks and packed.js's refusals alike.

const native = require('./addon.js');

/** The status codes of the C ABI (ef_status), by their macro names. */
const Status = Object.freeze({
  EF_OK: 0,
  EF_E_INVALID_ARGUMENT: 1,
  EF_E_INVALID_UTF8: 2,
  EF_E_NOT_FOUND: 3,
  EF_E_IO: 4,
  EF_E_PARSE: 5,
  EF_E_INVALID_LOCALE: 6,
  EF_E_INTERNAL: 7,
  EF_E_KEY_NOT_FOUND: 8,
});

/** The macro name of a status code, e.g. 'EF_E_PARSE' ('EF_E_UNKNOWN' for an unknown one). */
function statusName(status) {
  return native.statusName(status);
}

/**
 * A call into liberrorformatter failed, or an argument is one the library would refuse (a closed
 * catalog, a string with a lone surrogate, an integer that does not fit). `code` is the status's
 * name ('EF_E_PARSE'), `status` its number; `file`, `line` and `column` say where when a file is
 * at fault (else null, 0, 0).
 */
class ErrorFormatterError extends Error {
  constructor(message, { status = Status.EF_E_INVALID_ARGUMENT, file = null, line = 0, column = 0 } = {}) {
    super(message);
    this.code = statusName(status);
    this.status = status;
    this.file = file;
    this.line = line;
    this.column = column;
  }
}
Object.defineProperty(ErrorFormatterError.prototype, 'name', {
  value: 'ErrorFormatterError', writable: true, configurable: true,
});
native.registerErrorClass(ErrorFormatterError);

module.exports = { ErrorFormatterError, Status, statusName };
