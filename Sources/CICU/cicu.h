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
#include <unicode/upluralrules.h>
#include <unicode/unumberformatter.h>
#include <unicode/unum.h>

static inline const char *cicu_u_errorName(UErrorCode code) { return u_errorName(code); }

static inline void cicu_u_getVersion(uint8_t *out /* U_MAX_VERSION_LENGTH */) {
    u_getVersion(out);
}

/* Locale IDs (uloc.h) */
static inline int32_t cicu_uloc_forLanguageTag(const char *tag, char *id, int32_t cap, int32_t *parsed, UErrorCode *st) { return uloc_forLanguageTag(tag, id, cap, parsed, st); }
static inline int32_t cicu_uloc_toLanguageTag(const char *id, char *tag, int32_t cap, UBool strict, UErrorCode *st) { return uloc_toLanguageTag(id, tag, cap, strict, st); }
static inline int32_t cicu_uloc_canonicalize(const char *id, char *out, int32_t cap, UErrorCode *st) { return uloc_canonicalize(id, out, cap, st); }
static inline int32_t cicu_uloc_getBaseName(const char *id, char *out, int32_t cap, UErrorCode *st) { return uloc_getBaseName(id, out, cap, st); }
static inline int32_t cicu_uloc_getLanguage(const char *id, char *out, int32_t cap, UErrorCode *st) { return uloc_getLanguage(id, out, cap, st); }
static inline int32_t cicu_uloc_getScript(const char *id, char *out, int32_t cap, UErrorCode *st) { return uloc_getScript(id, out, cap, st); }
static inline int32_t cicu_uloc_getCountry(const char *id, char *out, int32_t cap, UErrorCode *st) { return uloc_getCountry(id, out, cap, st); }
static inline int32_t cicu_uloc_getVariant(const char *id, char *out, int32_t cap, UErrorCode *st) { return uloc_getVariant(id, out, cap, st); }
static inline int32_t cicu_uloc_addLikelySubtags(const char *id, char *out, int32_t cap, UErrorCode *st) { return uloc_addLikelySubtags(id, out, cap, st); }
static inline int32_t cicu_uloc_acceptLanguage(char *out, int32_t cap, UAcceptResult *result, const char **list, int32_t count, UEnumeration *available, UErrorCode *st) { return uloc_acceptLanguage(out, cap, result, list, count, available, st); }
static inline int32_t cicu_uloc_countAvailable(void) { return uloc_countAvailable(); }
static inline const char *cicu_uloc_getAvailable(int32_t n) { return uloc_getAvailable(n); }
static inline UEnumeration *cicu_uloc_openAvailableByType(ULocAvailableType type, UErrorCode *st) { return uloc_openAvailableByType(type, st); }
static inline const char *const *cicu_uloc_getISOCountries(void) { return uloc_getISOCountries(); }

/* Resource bundles (ures.h) */
static inline UResourceBundle *cicu_ures_open(const char *path, const char *locale, UErrorCode *st) { return ures_open(path, locale, st); }
static inline UResourceBundle *cicu_ures_openDirect(const char *path, const char *locale, UErrorCode *st) { return ures_openDirect(path, locale, st); }
static inline void cicu_ures_close(UResourceBundle *rb) { ures_close(rb); }
static inline const char *cicu_ures_getLocaleByType(const UResourceBundle *rb, ULocDataLocaleType type, UErrorCode *st) { return ures_getLocaleByType(rb, type, st); }
static inline UResourceBundle *cicu_ures_getByKey(const UResourceBundle *rb, const char *key, UResourceBundle *fill, UErrorCode *st) { return ures_getByKey(rb, key, fill, st); }
static inline const UChar *cicu_ures_getStringByKey(const UResourceBundle *rb, const char *key, int32_t *len, UErrorCode *st) { return ures_getStringByKey(rb, key, len, st); }
static inline const UChar *cicu_ures_getString(const UResourceBundle *rb, int32_t *len, UErrorCode *st) { return ures_getString(rb, len, st); }
static inline const UChar *cicu_ures_getStringByIndex(const UResourceBundle *rb, int32_t index, int32_t *len, UErrorCode *st) { return ures_getStringByIndex(rb, index, len, st); }
static inline void cicu_ures_resetIterator(UResourceBundle *rb) { ures_resetIterator(rb); }
static inline UBool cicu_ures_hasNext(const UResourceBundle *rb) { return ures_hasNext(rb); }
static inline UResourceBundle *cicu_ures_getNextResource(UResourceBundle *rb, UResourceBundle *fill, UErrorCode *st) { return ures_getNextResource(rb, fill, st); }
static inline const char *cicu_ures_getKey(const UResourceBundle *rb) { return ures_getKey(rb); }
static inline UResType cicu_ures_getType(const UResourceBundle *rb) { return ures_getType(rb); }
static inline int32_t cicu_ures_getSize(const UResourceBundle *rb) { return ures_getSize(rb); }

/* Enumerations (uenum.h) */
static inline UEnumeration *cicu_uenum_openCharStringsEnumeration(const char *const strings[], int32_t count, UErrorCode *st) { return uenum_openCharStringsEnumeration(strings, count, st); }
static inline const char *cicu_uenum_next(UEnumeration *en, int32_t *len, UErrorCode *st) { return uenum_next(en, len, st); }
static inline void cicu_uenum_close(UEnumeration *en) { uenum_close(en); }

/* Scripts, for glibc @modifiers (uchar.h, uscript.h) */
static inline int32_t cicu_u_getPropertyValueEnum(UProperty property, const char *alias) { return u_getPropertyValueEnum(property, alias); }
static inline const char *cicu_uscript_getShortName(UScriptCode code) { return uscript_getShortName(code); }

/* Plural rules (upluralrules.h) and the number formatter that gives them visible fraction digits (unumberformatter.h) */
static inline UPluralRules *cicu_uplrules_openForType(const char *locale, UPluralType type, UErrorCode *st) { return uplrules_openForType(locale, type, st); }
static inline void cicu_uplrules_close(UPluralRules *rules) { uplrules_close(rules); }
static inline int32_t cicu_uplrules_select(const UPluralRules *rules, double number, UChar *keyword, int32_t cap, UErrorCode *st) { return uplrules_select(rules, number, keyword, cap, st); }
static inline int32_t cicu_uplrules_selectFormatted(const UPluralRules *rules, const UFormattedNumber *number, UChar *keyword, int32_t cap, UErrorCode *st) { return uplrules_selectFormatted(rules, number, keyword, cap, st); }
static inline UEnumeration *cicu_uplrules_getKeywords(const UPluralRules *rules, UErrorCode *st) { return uplrules_getKeywords(rules, st); }
static inline UNumberFormatter *cicu_unumf_openForSkeletonAndLocale(const UChar *skeleton, int32_t len, const char *locale, UErrorCode *st) { return unumf_openForSkeletonAndLocale(skeleton, len, locale, st); }
static inline void cicu_unumf_close(UNumberFormatter *formatter) { unumf_close(formatter); }
static inline UFormattedNumber *cicu_unumf_openResult(UErrorCode *st) { return unumf_openResult(st); }
static inline void cicu_unumf_closeResult(UFormattedNumber *result) { unumf_closeResult(result); }
static inline void cicu_unumf_formatDecimal(const UNumberFormatter *formatter, const char *value, int32_t len, UFormattedNumber *result, UErrorCode *st) { unumf_formatDecimal(formatter, value, len, result, st); }
static inline void cicu_unumf_formatInt(const UNumberFormatter *formatter, int64_t value, UFormattedNumber *result, UErrorCode *st) { unumf_formatInt(formatter, value, result, st); }
static inline int32_t cicu_unumf_resultToString(const UFormattedNumber *result, UChar *buffer, int32_t cap, UErrorCode *st) { return unumf_resultToString(result, buffer, cap, st); }

/* A locale's number symbols, grouping and affixes (unum.h): read once per locale, never used to format */
static inline UNumberFormat *cicu_unum_open(UNumberFormatStyle style, const char *locale, UErrorCode *st) { return unum_open(style, NULL, 0, locale, NULL, st); }
static inline void cicu_unum_close(UNumberFormat *format) { unum_close(format); }
static inline int32_t cicu_unum_getSymbol(const UNumberFormat *format, UNumberFormatSymbol symbol, UChar *buffer, int32_t cap, UErrorCode *st) { return unum_getSymbol(format, symbol, buffer, cap, st); }
static inline int32_t cicu_unum_getAttribute(const UNumberFormat *format, UNumberFormatAttribute attribute) { return unum_getAttribute(format, attribute); }
static inline int32_t cicu_unum_getTextAttribute(const UNumberFormat *format, UNumberFormatTextAttribute tag, UChar *buffer, int32_t cap, UErrorCode *st) { return unum_getTextAttribute(format, tag, buffer, cap, st); }

#endif
