'use strict';
// The N-API addon (src/*.c): the package's (native/, beside the library and ICU it loads through
// its RUNPATH $ORIGIN), or the one ERRORFORMATTER_NODE_ADDON names (a build tree's, for its tests).

const path = require('node:path');

const addon = process.env.ERRORFORMATTER_NODE_ADDON || path.join(__dirname, 'native', 'errorformatter.node');

function load() {
  try {
    return require(addon);
  } catch (error) {
    // bindings/node of a checkout holds the sources, not the native part: the package made from
    // them carries it. Say so instead of Node's bare MODULE_NOT_FOUND.
    if (error.code !== 'MODULE_NOT_FOUND' || process.env.ERRORFORMATTER_NODE_ADDON) throw error;
    throw new Error(`errorformatter: the native addon ${addon} is missing: this is the package's ` +
                    'source, not the package. In the ErrorFormatter checkout, run `make node-package` ' +
                    'and install the package it makes (npm install build/node/errorformatter-<version>.tgz)',
                    { cause: error });
  }
}

module.exports = load();
