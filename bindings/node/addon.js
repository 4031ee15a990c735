'use strict';
// The N-API addon (src/*.c): the package's (native/, beside the library and ICU it loads through
// its RUNPATH $ORIGIN), or the one ERRORFORMATTER_NODE_ADDON names (a build tree's, for its tests).

const path = require('node:path');

module.exports = require(process.env.ERRORFORMATTER_NODE_ADDON ||
                         path.join(__dirname, 'native', 'errorformatter.node'));
