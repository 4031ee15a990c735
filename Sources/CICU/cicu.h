/*
 * cicu.h -- static-inline shims over the parts of ICU's C API that ErrorFormatter uses.
 *
 * ICU renames every C entry point per version (urename.h turns uloc_getParent into
 * uloc_getParent_72), and Swift cannot import those function-like macros. Clang compiles these
 * inline wrappers, which resolves the macro, so Swift sees stable names (cicu_*) whatever ICU
 * version the machine has. Keep this file a list of one-line forwards: no logic here.
 */
#ifndef ERRORFORMATTER_CICU_H
#define ERRORFORMATTER_CICU_H

#include <unicode/utypes.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/uenum.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

static inline const char *cicu_u_errorName(UErrorCode code) { return u_errorName(code); }

static inline void cicu_u_getVersion(uint8_t *out /* U_MAX_VERSION_LENGTH */) {
    u_getVersion(out);
}

#endif
