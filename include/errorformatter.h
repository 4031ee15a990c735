/*
 * errorformatter.h -- the C interface of ErrorFormatter.
 *
 * ErrorFormatter turns an error (domain, code, optional texts) and the user's preferred locales
 * into a localized title, message and button label, looked up in Apple-style string tables
 * (<loc>.lproj/<Table>.strings) with ICU-correct locale fallback. This header is the
 * specification of the C ABI: every exported function is declared here, and the Swift
 * implementation is compiled against these declarations.
 *
 * CONVENTIONS (they hold for every function unless its documentation says otherwise)
 *
 * Status codes. Every fallible function returns an ef_status: EF_OK (0) on success, one of the
 * EF_E_* codes on failure. Numbers are append-only: a published code never changes meaning.
 * ef_status_name() and ef_status_string() describe any code.
 *
 * Error details. Fallible functions take a last parameter `ef_error_details **err`, which may be
 * NULL. If it is not NULL, *err is set to NULL on success and to a newly allocated details object
 * on failure (message, and file/line/column where a file is at fault); free it with
 * ef_error_details_free(). There is no global or thread-local "last error".
 *
 * Out-parameters come first. On failure every out-parameter that receives a handle or an owned
 * string is set to NULL (when the out pointer itself is not NULL).
 *
 * Strings in: UTF-8, NUL-terminated. Invalid UTF-8 is reported as EF_E_INVALID_UTF8, never
 * repaired silently. The library copies everything it keeps; the caller's buffers may be freed
 * as soon as a call returns.
 *
 * Strings out: three kinds, always stated in the function's documentation.
 *   - static: valid for the life of the process, never freed (ef_status_name, ef_version_string);
 *   - borrowed: owned by the handle they were read from, valid until that handle is freed;
 *   - owned: allocated for the caller, freed with ef_string_free() (never with free()).
 * Every returned string is NUL-terminated UTF-8.
 *
 * Handles. ef_catalog, ef_result, ef_locale_chain and ef_error_details are immutable once made.
 * ef_error_info and ef_catalog_builder are mutable builders. Every *_free function accepts NULL.
 * Each call that makes a handle makes a new one, which its caller frees exactly once.
 *
 * Lifetimes. A handle lives until it is freed, independently of the handle it was made from: a
 * result (ef_result), lookup (ef_lookup), locale chain or list, error details or lint report
 * stays valid after the catalog that produced it is freed, so a program may replace its catalog
 * (open a new one, publish it, free the old one) while other threads still hold results. Only
 * strings borrowed from a catalog itself (ef_catalog_text(), ef_catalog_localization_name(),
 * ef_catalog_diagnostic_*, ...) end with ef_catalog_free().
 *
 * Thread safety. (1) Functions that take no handle, or only const handles, may be called
 * concurrently from any number of threads, including on the same handle: a catalog may be shared
 * by every thread of a process. (2) A *_free call must not run concurrently with any other call on
 * the same handle. (3) A builder (ef_catalog_builder, ef_error_info) must not be modified by one
 * thread while another thread uses it. (4) The library keeps no mutable global state visible to
 * the caller (its internal caches are synchronized) and calls nothing back.
 *
 * Paths. A catalog directory (or compiled catalog file) is read once: when it is opened, or with
 * EF_CATALOG_ON_DEMAND (and for a compiled file) each localization when first needed; nothing
 * outside it is read, and a locale string never becomes part of a path. Every entry is opened
 * relative to a descriptor of the catalog directory, symbolic links resolved one component at a
 * time without leaving it, and its type taken from the opened descriptor: a link swapped while
 * the catalog opens cannot make it read outside, and a FIFO, socket or device is never opened
 * in a blocking way.
 *
 * Crashes. No input, however malformed, makes a function abort the process, on any thread whose
 * stack has at least EF_MINIMUM_STACK_BYTES (128 KiB, musl's default): parsers bound their
 * nesting (property lists 512 levels, JSON and String Catalogs 128) to fit in it.
 *
 * Hangs and memory. No call blocks (no lock is held across I/O, no FIFO is waited on) and every
 * call is linear in its input. Internal caches are bounded; locale data is checked against ICU's
 * list of installed bundles, so arbitrary locale IDs never grow ICU's own cache.
 *
 * Messages. Error details messages, diagnostics and their file names are one line: control
 * characters coming from the caller (a locale, a path), from a file name or from a compiled
 * catalog file are written as escapes (\n, \t, \u{1B}, ...); a name that is not UTF-8 shows
 * its bytes as \xNN. Diagnostic codes are kebab-case (lowercase ASCII letters and digits in
 * words joined by single hyphens), whatever a compiled catalog file holds.
 *
 * Limits. Every input the library reads or parses is bounded, and a limit is never a silent cut:
 *   - a table file larger than EF_MAX_TABLE_FILE_BYTES is skipped with a "file-too-large" error
 *     diagnostic (lenient) or fails ef_catalog_open with EF_E_IO (strict); a table that large
 *     passed to ef_catalog_builder_add_table() fails with EF_E_INVALID_ARGUMENT;
 *   - past EF_MAX_LOCALIZATIONS localizations, EF_MAX_TABLE_FILES table files or
 *     EF_MAX_DIRECTORY_ENTRIES entries in one directory, the rest is skipped with a
 *     "too-many-entries" error diagnostic;
 *   - of a preference list (ef_format, ef_catalog_lookup and the packed calls) the first
 *     EF_MAX_PREFERENCES entries are read, and of those the ones before the entry that would
 *     take the list past EF_MAX_PREFERENCE_BYTES bytes: the rest is ignored (not read) as the
 *     least preferred, and the call goes on; a NULL entry among those read fails with
 *     EF_E_INVALID_ARGUMENT;
 *   - a key, table name (a builder's file name too) or error domain longer than
 *     EF_MAX_KEY_BYTES fails with EF_E_INVALID_ARGUMENT;
 *   - an Accept-Language header is read up to EF_MAX_ACCEPT_LANGUAGE_BYTES bytes (cut after the
 *     last entry that ends within them) and EF_MAX_ACCEPT_LANGUAGE_RANGES ranges;
 *   - a locale identifier longer than EF_MAX_LOCALE_BYTES is malformed (EF_E_INVALID_LOCALE; in a
 *     preference list it is skipped);
 *   - a table string whose rendering would pass 1 MiB is rejected ("output-too-large", see
 *     ef_result_rejection) and the field falls to its next rule.
 * Texts the caller hands over to be shown as they are (a description, failure reason or recovery
 * suggestion of ef_error_info) are not parsed and not limited: they are copied and shown whole.
 * Catalog content is what is named like it: <loc>.lproj directories and table files (.strings,
 * .stringsdict, .json, .xcstrings); nothing else is opened. Such an entry that is skipped always
 * gets a diagnostic (and so does any name that is not UTF-8): links leading outside
 * ("outside-catalog"), link loops ("link-loop"), FIFOs, devices and a directory named like a
 * file or a file named like a directory ("unsupported-file-type"),
 * names that are not UTF-8 ("invalid-file-name"), unreadable files and unreadable .lproj
 * directories alike ("unreadable-file": an error diagnostic, EF_E_IO when strict).
 *
 * U+0000. A table value holding U+0000 cannot cross this ABI whole (C strings end there): it is
 * reported with a "nul-in-value" warning diagnostic, and fails a strict open with EF_E_PARSE,
 * whether it comes from a table file or a compiled catalog file.
 *
 * ABI. The soname is liberrorformatter.so.EF_VERSION_MAJOR. Within one major version functions
 * are only added, never changed or removed. No structs, unions, enums or varargs cross the ABI.
 */
#ifndef ERRORFORMATTER_H
#define ERRORFORMATTER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------- version */

#define EF_VERSION_MAJOR 1
#define EF_VERSION_MINOR 3
#define EF_VERSION_PATCH 0
/** EF_VERSION_MAJOR * 10000 + EF_VERSION_MINOR * 100 + EF_VERSION_PATCH, as a literal. */
#define EF_VERSION_NUMBER 10300
#define EF_VERSION_STRING "1.3.0"
/** True when the header is at least version (major, minor, patch). */
#define EF_VERSION_AT_LEAST(major, minor, patch) \
    (EF_VERSION_NUMBER >= ((major) * 10000 + (minor) * 100 + (patch)))

/**
 * @brief The version of the library actually loaded, as EF_VERSION_NUMBER would spell it.
 *
 * Compare it with EF_VERSION_NUMBER to detect a header/library mismatch: the major versions
 * (number / 10000) must be equal.
 * @par Thread-safety: safe.
 * @since 1.0
 */
uint32_t ef_version_number(void);

/**
 * @brief The version of the library actually loaded, e.g. "1.3.0".
 * @return A static string; never NULL; never freed.
 * @since 1.0
 */
const char *ef_version_string(void);

/* ---------------------------------------------------------------------------------- limits */

/* Every macro of this section is @since 1.1. How each limit changes a call a 1.0 program makes
 * is listed, with the reason, in CHANGELOG.md (1.1.0, "Compatibility"). */

/** The smallest thread stack every function works on, for every input, in bytes (128 KiB; see CONVENTIONS). */
#define EF_MINIMUM_STACK_BYTES 131072u
/** The largest table file read (64 MiB). */
#define EF_MAX_TABLE_FILE_BYTES 67108864u
/** Most localizations one catalog directory contributes. */
#define EF_MAX_LOCALIZATIONS 1024u
/** Most table files read for one catalog directory, all localizations together. */
#define EF_MAX_TABLE_FILES 16384u
/** Most entries read from one directory of a catalog (the root or one .lproj). */
#define EF_MAX_DIRECTORY_ENTRIES 65536u
/** Most entries of a preference list read by ef_format() or ef_catalog_lookup(); more are ignored. */
#define EF_MAX_PREFERENCES 256u
/** Most bytes of the entries of one preference list read together (terminators not counted). */
#define EF_MAX_PREFERENCE_BYTES 16384u
/** Longest key, table name or error domain argument, in bytes. */
#define EF_MAX_KEY_BYTES 65536u
/** Longest locale identifier accepted, in bytes. */
#define EF_MAX_LOCALE_BYTES 100u
/** Longest part of an Accept-Language header read, in bytes. */
#define EF_MAX_ACCEPT_LANGUAGE_BYTES 4096u
/** Most language ranges read from one Accept-Language header. */
#define EF_MAX_ACCEPT_LANGUAGE_RANGES 64u
/** Most arguments one error takes; ef_error_info_add_*() past it returns EF_E_INVALID_ARGUMENT. */
#define EF_MAX_ARGUMENTS 1000u
/** What a catalog keeps to answer repeated calls faster, in bytes, unless opened with
 *  ef_catalog_open_with_memo_budget() (8 MiB). @since 1.3 */
#define EF_DEFAULT_MEMO_BYTES 8388608u
/** The largest memo budget ef_catalog_open_with_memo_budget() takes (1 GiB). @since 1.3 */
#define EF_MAX_MEMO_BYTES 1073741824u

/* ---------------------------------------------------------------------------- packed outputs */

/* Where things are in the output of the packed calls (ef_format_packed(),
 * ef_catalog_lookup_packed(), ef_catalog_describe_packed(), ef_locale_chain_packed(),
 * ef_locale_list_packed() and ef_lint_report_packed() say what each item is;
 * docs/packed-format.md specifies the format, with golden vectors in Tests/vectors/packed/): item
 * indices, item counts per entry, header numbers and the null masks' bits. The format and lookup
 * layouts are those of 1.1; every macro of this section is @since 1.3. A decoder checks the item
 * count the header's numbers give before reading items. */

/** The header item: decimal numbers separated by single spaces. */
#define EF_PACKED_HEADER 0u
/** The title, message and button label of a formatted error. */
#define EF_PACKED_TITLE 1u
#define EF_PACKED_MESSAGE 2u
#define EF_PACKED_BUTTON 3u
/** Field f's rule is item EF_PACKED_PROVENANCE + EF_PACKED_PROVENANCE_ITEMS * f; its key,
 *  locale and table follow it. */
#define EF_PACKED_PROVENANCE 4u
#define EF_PACKED_PROVENANCE_ITEMS 4u
/** The first lookup stack entry of a formatted error. */
#define EF_PACKED_STACK 16u
/** Items per rejection: key, locale, table, code, message. */
#define EF_PACKED_REJECTION_ITEMS 5u
/** Numbers in a formatted error's header item: untranslated, S, Rt, Rm, Rb, null mask. */
#define EF_PACKED_FORMAT_HEADER_NUMBERS 6u
/** The null mask's bit for field f's missing key, locale and table (the item is then ""). */
#define EF_PACKED_NULL_KEY(field) (1u << (3u * (field)))
#define EF_PACKED_NULL_LOCALE(field) (1u << (3u * (field) + 1u))
#define EF_PACKED_NULL_TABLE(field) (1u << (3u * (field) + 2u))
/** A lookup's value, locale and table, then its rejections. */
#define EF_PACKED_LOOKUP_VALUE 1u
#define EF_PACKED_LOOKUP_LOCALE 2u
#define EF_PACKED_LOOKUP_TABLE 3u
#define EF_PACKED_LOOKUP_REJECTIONS 4u
/** Numbers in a lookup's header item: found, R. */
#define EF_PACKED_LOOKUP_HEADER_NUMBERS 2u
/** A diagnostic (of a catalog's description or a lint report) is EF_PACKED_DIAGNOSTIC_ITEMS
 *  items: first its numbers (EF_PACKED_DIAGNOSTIC_NUMBERS of them: severity, line, column, null
 *  mask), then its code, message, file and key, at these offsets from its first item. */
#define EF_PACKED_DIAGNOSTIC_ITEMS 5u
#define EF_PACKED_DIAGNOSTIC_NUMBERS 4u
#define EF_PACKED_DIAGNOSTIC_CODE 1u
#define EF_PACKED_DIAGNOSTIC_MESSAGE 2u
#define EF_PACKED_DIAGNOSTIC_FILE 3u
#define EF_PACKED_DIAGNOSTIC_KEY 4u
/** A diagnostic's null mask: no file, no key (the item is then ""). */
#define EF_PACKED_DIAGNOSTIC_NULL_FILE 1u
#define EF_PACKED_DIAGNOSTIC_NULL_KEY 2u
/** A catalog's description: header (L, D), development locale, L localizations, D diagnostics. */
#define EF_PACKED_DESCRIBE_HEADER_NUMBERS 2u
#define EF_PACKED_DESCRIBE_DEVELOPMENT_LOCALE 1u
#define EF_PACKED_DESCRIBE_LOCALIZATIONS 2u
/** A lint report: header (files, D), D diagnostics. */
#define EF_PACKED_LINT_HEADER_NUMBERS 2u
#define EF_PACKED_LINT_DIAGNOSTICS 1u
/** A locale chain: header (untranslated, N), normalized ID, N entries of an ID and a kind. */
#define EF_PACKED_CHAIN_HEADER_NUMBERS 2u
#define EF_PACKED_CHAIN_NORMALIZED 1u
#define EF_PACKED_CHAIN_ENTRIES 2u
#define EF_PACKED_CHAIN_ENTRY_ITEMS 2u
/** A preference list: header (N), N entries. */
#define EF_PACKED_LIST_HEADER_NUMBERS 1u
#define EF_PACKED_LIST_ENTRIES 1u

/* ---------------------------------------------------------------------------------- status */

/** Status code returned by every fallible function (a fixed-width integer, not a C enum). */
typedef int32_t ef_status;

#define EF_OK 0
/** An argument is NULL where it must not be, out of range, or otherwise unusable. */
#define EF_E_INVALID_ARGUMENT 1
/** A string argument is not valid UTF-8. */
#define EF_E_INVALID_UTF8 2
/** A path does not exist. */
#define EF_E_NOT_FOUND 3
/** A path exists but cannot be read (permissions, not a directory, I/O error). */
#define EF_E_IO 4
/** A table could not be parsed (strict loading), or is not a table at all. */
#define EF_E_PARSE 5
/** A locale identifier is malformed (too long, non-ASCII, not BCP 47 / ICU / POSIX syntax). */
#define EF_E_INVALID_LOCALE 6
/** The library failed internally (an ICU call failed, an allocation failed). */
#define EF_E_INTERNAL 7
/** ef_catalog_lookup(): no localization of the stack has a usable value for the key. */
#define EF_E_KEY_NOT_FOUND 8
/** ef_format(), ef_catalog_lookup() on a catalog opened with EF_CATALOG_FAIL_ON_REJECTION: a
 *  string was found that the call's arguments cannot satisfy (a `%d` given a string, a
 *  translation asking for an argument that was not passed); the details' message is the first
 *  such rejection, as ef_result_rejection() gives it.
 *  @since 1.3 */
#define EF_E_REJECTED 9

/**
 * @brief The macro name of a status code, e.g. "EF_E_PARSE"; "EF_E_UNKNOWN" for an unknown code.
 * @return A static string; never NULL.
 * @since 1.0
 */
const char *ef_status_name(ef_status status);

/**
 * @brief A one-line English description of a status code.
 * @return A static string; never NULL.
 * @since 1.0
 */
const char *ef_status_string(ef_status status);

/* --------------------------------------------------------------------------- error details */

/** Details of one failure: status, message and, where a file is at fault, its position. */
typedef struct ef_error_details ef_error_details;

/** @brief The status this failure was reported with. EF_E_INVALID_ARGUMENT if `details` is NULL.
 *  @since 1.0 */
ef_status ef_error_details_status(const ef_error_details *details);

/** @brief One-line message, e.g. "Missing ';' on line 4". Borrowed from `details`; never NULL
 *  (an empty string if `details` is NULL).
 *  @since 1.0 */
const char *ef_error_details_message(const ef_error_details *details);

/** @brief The file at fault, or NULL if none. Borrowed from `details`.
 *  @since 1.0 */
const char *ef_error_details_file(const ef_error_details *details);

/** @brief 1-based line in that file, or 0 if unknown.
 *  @since 1.0 */
int32_t ef_error_details_line(const ef_error_details *details);

/** @brief 1-based column (in Unicode scalar values) in that file, or 0 if unknown.
 *  @since 1.0 */
int32_t ef_error_details_column(const ef_error_details *details);

/** @brief Frees error details. NULL is a no-op.
 *  @since 1.0 */
void ef_error_details_free(ef_error_details *details);

/** @brief Frees a string that this library returned as owned. NULL is a no-op.
 *  @since 1.0 */
void ef_string_free(char *string);

/* --------------------------------------------------------------------------------- catalog */

/** An immutable set of string tables in every localization, plus the development locale. */
typedef struct ef_catalog ef_catalog;

/** Flag for ef_catalog_open() and ef_catalog_builder_new(): the default. A table that cannot be
 *  parsed is left out of the catalog and recorded as an error diagnostic; the other tables and
 *  localizations keep working. */
#define EF_CATALOG_LENIENT 0u
/** Flag: fail the whole open with EF_E_PARSE (and the file's position) if any table is broken. */
#define EF_CATALOG_STRICT 1u
/** Flag for ef_catalog_open() only, with EF_CATALOG_LENIENT: read each localization's files
 *  the first time a lookup needs that localization, not at open (the unlocalized tables and
 *  String Catalogs are still read at open). Every result is the same as without the flag; the
 *  open of a catalog with many localizations costs what the ones a program uses cost. The
 *  catalog keeps its directory open (one file descriptor) until every localization is read,
 *  and reads a file as it is when first needed: open without the flag to take a snapshot, or
 *  before a process gives up its access to the file system. ef_catalog_localization_count(),
 *  ef_catalog_localization_name() and the ef_catalog_diagnostic_* functions read every
 *  localization not yet read (once), so that they answer as a whole load does. Ignored with
 *  EF_CATALOG_STRICT, which validates every table at open. A compiled catalog file opened
 *  leniently is always read this way (see ef_catalog_open()). A library older than 1.2 refuses
 *  the flag with EF_E_INVALID_ARGUMENT.
 *  @since 1.2 */
#define EF_CATALOG_ON_DEMAND 2u
/** Flag for ef_catalog_open() only: map a compiled catalog file's sections read-only instead of
 *  copying them with pread. Each section is mapped when it would have been read (all at open
 *  when strict, each localization's when first needed when lenient) and then read where it
 *  lies: the same checks, the same results, and every process that opens the file this way
 *  shares the sections' pages (the way processes share a gettext `.mo`) instead of holding a
 *  copy each. The descriptor is kept as without the flag, until every section is read. The
 *  caller promises that nobody truncates or rewrites the file in place while the catalog is
 *  open: a mapped page cut off the file (or that the file system fails to read, a network file
 *  system gone) raises SIGBUS in the process that reads it, which this library cannot catch.
 *  Replacing the file by renaming another over it (what ef_catalog_compile() and `errfmt
 *  compile` do) is safe: the catalog keeps the file it opened. A section the system will not
 *  map is read as without the flag. Ignored for a directory, whose tables are parsed. A library
 *  older than 1.3 refuses the flag with EF_E_INVALID_ARGUMENT.
 *  @since 1.3 */
#define EF_CATALOG_MAPPED 4u
/** Flag for ef_catalog_open() and ef_catalog_builder_new(): write the numbers of formats
 *  (`%d %i %u %ld %lld %lu %llu %f %F %e %E %g %G %a %A`, plural operands) as Foundation's
 *  `String(format:locale:)` does for the locale of the localization that supplied the text:
 *  grouping, decimal separator, minus sign and the digits of the locale's default numbering
 *  system (`1 234 567,5` in French, `١٬٢٣٤٬٥٦٧٫٥` in Egyptian Arabic). Without it, numbers are
 *  written as C's printf writes them in the C locale, as every 1.x release did. `%x %o %c %s %@`
 *  are never affected (docs/formatting.md). An error can choose for itself
 *  (ef_error_info_set_number_style()). A library older than 1.3 refuses the flag with
 *  EF_E_INVALID_ARGUMENT.
 *  @since 1.3 */
#define EF_CATALOG_LOCALIZED_NUMBERS 8u
/** Flag for ef_catalog_open() and ef_catalog_builder_new(): serve the pseudo-locales `en-XA`
 *  (accented, about 40% longer, bracketed), `ar-XB` (right to left) and `qps-ploc` (`en-XA`) as
 *  if the catalog had those localizations, made from the development localization's texts when
 *  first needed; format specifiers, positional indices, plural variants and `%%` are kept
 *  (docs/pseudo-locales.md). They are reached only when a preference names them, never by
 *  fallback from another locale, and ef_catalog_localization_count() does not list them. A
 *  library older than 1.3 refuses the flag with EF_E_INVALID_ARGUMENT.
 *  @since 1.3 */
#define EF_CATALOG_PSEUDO_LOCALES 16u
/** Flag for ef_catalog_open() and ef_catalog_builder_new(): a rejected string is a failure.
 *  Without it, a table string that the arguments of a call cannot satisfy (docs/formatting.md)
 *  is skipped and recorded in the result (ef_result_rejection_count()): the user sees the next
 *  localization's string or the next rule's, and nothing says why unless the caller reads the
 *  rejections. With it, ef_format() and ef_catalog_lookup() on the catalog fail with
 *  EF_E_REJECTED instead of answering with a result or lookup that records a rejection, the
 *  first one's description in `*err`: for development and tests, where a wrong argument type is
 *  a bug to see at once. The packed calls and ef_catalog_text(), whose callers decode the
 *  rejections themselves (bindings) or pass no arguments, answer as without it. A library older
 *  than 1.3 refuses the flag with EF_E_INVALID_ARGUMENT.
 *  @since 1.3 */
#define EF_CATALOG_FAIL_ON_REJECTION 32u

/**
 * @brief Opens a catalog directory.
 *
 * Reads `<path>/<loc>.lproj/<Table>.strings` and `.stringsdict` (and `.json`) for every
 * localization directory (any spelling: `fr-CA`, `fr_CA`, `zh-Hant`, `es-419`, `Base`), the
 * unlocalized `<path>/<Table>.strings` / `.stringsdict`, String Catalogs `<path>/<Table>.xcstrings`
 * and flat JSON tables `<path>/<loc>.json` (table "Localizable"). A `.stringsdict` entry
 * replaces the same key of the `.strings` table. Directories and JSON files whose name is not a
 * locale identifier are skipped with a warning diagnostic.
 *
 * Since 1.2, `path` may also name a compiled catalog file (ef_catalog_compile(); a regular file
 * that starts like one is read as one, docs/compiled-catalog.md): the catalog has the
 * localizations, diagnostics and results its source directory had. `development_locale` NULL
 * then keeps the one it was compiled with. Every offset, length and checksum of the file is
 * checked: a truncated, corrupted, reordered, other-version or byte-swapped file is EF_E_PARSE.
 * Strict, every section is read and checked at once, and the open fails as a strict open of
 * the catalog's sources failed when the file was compiled from a lenient open past a broken
 * table, an unreadable file or a value holding U+0000 (the same status, message and position).
 * Lenient (with or without
 * EF_CATALOG_ON_DEMAND), the header and directory are read and checked at open, the unlocalized
 * tables too, and each localization's section the first time a lookup needs it, as
 * EF_CATALOG_ON_DEMAND does for a directory: the same results, the file kept open (one
 * descriptor) until every section is read; a section that is broken, or can no longer be read,
 * is left out with a "broken-compiled-section" error diagnostic. The file is read with pread,
 * never mapped: a file replaced on disk while open keeps being read as it was (the descriptor
 * holds it); one truncated in place makes the sections not yet read broken, never crashes the
 * process. With EF_CATALOG_MAPPED (since 1.3) the file is mapped instead, on the caller's
 * promise not to truncate it in place.
 *
 * @param[out] out                 Receives the catalog (free with ef_catalog_free()); NULL on failure.
 * @param[in]  path                Directory (or compiled catalog file), UTF-8. Must not be NULL.
 * @param[in]  development_locale  The development localization, searched after `Base` (the
 *                                 CFBundleDevelopmentRegion of Apple bundles). NULL means "en".
 * @param[in]  flags               EF_CATALOG_LENIENT or EF_CATALOG_STRICT, optionally with
 *                                 EF_CATALOG_ON_DEMAND (since 1.2), EF_CATALOG_MAPPED,
 *                                 EF_CATALOG_LOCALIZED_NUMBERS, EF_CATALOG_PSEUDO_LOCALES and
 *                                 EF_CATALOG_FAIL_ON_REJECTION (since 1.3).
 * @param[out] err                 Optional error details.
 * @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `out` or `path`, unknown flags); EF_E_INVALID_UTF8;
 *         EF_E_NOT_FOUND (no such path); EF_E_IO (not a directory nor a compiled catalog,
 *         unreadable); EF_E_INVALID_LOCALE (bad `development_locale`); EF_E_PARSE (strict mode,
 *         a broken table; a broken compiled catalog).
 * @par Thread-safety: safe; the catalog may then be used from any number of threads.
 * @since 1.0
 */
ef_status ef_catalog_open(ef_catalog **out, const char *path, const char *development_locale,
                          uint32_t flags, ef_error_details **err);

/**
 * @brief ef_catalog_open() with a budget for what the catalog remembers between calls.
 *
 * A catalog remembers what it needs to answer a repeated call without doing its work again: the
 * stack negotiated for a preference list, the text a key shows without arguments, a formatted
 * result that any later call with the same error and preferences gets, how an error with
 * arguments was resolved (so that a call with other values only renders them), a lookup's
 * answer. All of it is bounded by one budget, in bytes, whatever callers send: once it is
 * spent nothing more is kept, and calls take their full road, with the same results, only
 * slower. ef_catalog_open() gives every catalog EF_DEFAULT_MEMO_BYTES; a program that formats
 * few errors, or forks many workers, can give less, and one that formats very many distinct
 * errors more. 0 keeps nothing. The memory is used as calls need it, never reserved at open.
 *
 * @param[out] out          As for ef_catalog_open().
 * @param[in]  path         As for ef_catalog_open().
 * @param[in]  development_locale  As for ef_catalog_open().
 * @param[in]  flags        As for ef_catalog_open().
 * @param[in]  memo_budget  At most EF_MAX_MEMO_BYTES bytes.
 * @param[out] err          Optional error details.
 * @return As ef_catalog_open(); EF_E_INVALID_ARGUMENT also for a `memo_budget` over
 *         EF_MAX_MEMO_BYTES.
 * @par Thread-safety: as ef_catalog_open().
 * @since 1.3
 */
ef_status ef_catalog_open_with_memo_budget(ef_catalog **out, const char *path,
                                           const char *development_locale, uint32_t flags,
                                           size_t memo_budget, ef_error_details **err);

/** @brief Frees a catalog. NULL is a no-op. Strings borrowed from it become invalid.
 *  @since 1.0 */
void ef_catalog_free(ef_catalog *catalog);

/**
 * @brief Number of localizations in the catalog (each `.lproj` directory that loaded, `Base`
 *        included; the unlocalized top-level tables are not counted). 0 if `catalog` is NULL.
 * @since 1.0
 */
size_t ef_catalog_localization_count(const ef_catalog *catalog);

/**
 * @brief The name of localization `index` as spelled on disk (e.g. "fr-CA", "zh_TW", "Base"),
 *        in sorted order. Borrowed from `catalog`; NULL if `index` is out of range.
 * @since 1.0
 */
const char *ef_catalog_localization_name(const ef_catalog *catalog, size_t index);

/** @brief The catalog's development locale, e.g. "en". Borrowed from `catalog`; "" if NULL.
 *  @since 1.0 */
const char *ef_catalog_development_locale(const ef_catalog *catalog);

/**
 * @brief Number of diagnostics recorded while loading (duplicate keys, truncated tables,
 *        broken files left out, skipped directories). 0 if `catalog` is NULL.
 * @since 1.0
 */
size_t ef_catalog_diagnostic_count(const ef_catalog *catalog);

/** Severity of a diagnostic (ef_catalog_diagnostic_severity). */
#define EF_SEVERITY_ERROR 0
#define EF_SEVERITY_WARNING 1
#define EF_SEVERITY_NOTE 2

/** @brief Severity of diagnostic `index` (EF_SEVERITY_*), or -1 if out of range.
 *  @since 1.0 */
int32_t ef_catalog_diagnostic_severity(const ef_catalog *catalog, size_t index);

/** @brief Stable kebab-case code of diagnostic `index`, e.g. "duplicate-key". Borrowed; NULL if
 *  out of range.
 *  @since 1.0 */
const char *ef_catalog_diagnostic_code(const ef_catalog *catalog, size_t index);

/** @brief One-line message of diagnostic `index`. Borrowed; NULL if out of range.
 *  @since 1.0 */
const char *ef_catalog_diagnostic_message(const ef_catalog *catalog, size_t index);

/** @brief File of diagnostic `index`, relative to the catalog root. Borrowed; NULL if none or
 *  out of range.
 *  @since 1.0 */
const char *ef_catalog_diagnostic_file(const ef_catalog *catalog, size_t index);

/** @brief 1-based line of diagnostic `index`, 0 if unknown or out of range.
 *  @since 1.0 */
int32_t ef_catalog_diagnostic_line(const ef_catalog *catalog, size_t index);

/** @brief 1-based column of diagnostic `index`, 0 if unknown or out of range.
 *  @since 1.0 */
int32_t ef_catalog_diagnostic_column(const ef_catalog *catalog, size_t index);

/**
 * @brief Everything the catalog getters above give (development locale, localizations,
 *        diagnostics), written into the caller's buffer in one call: for bindings that pay per
 *        call (see ef_format_packed()).
 *
 * The buffer receives NUL-terminated UTF-8 items: a header of two decimal numbers separated by
 * a space (the number of localizations L, the number of diagnostics D); the development locale,
 * as ef_catalog_development_locale() gives it; the L localization names, in the order of
 * ef_catalog_localization_name(); then the D diagnostics, in the order of the
 * ef_catalog_diagnostic_* getters, EF_PACKED_DIAGNOSTIC_ITEMS items each:
 *   - its numbers, decimal, separated by single spaces: severity (EF_SEVERITY_*), line and
 *     column (as ef_catalog_diagnostic_line() and _column() give them), and a null mask:
 *     EF_PACKED_DIAGNOSTIC_NULL_FILE when it has no file, EF_PACKED_DIAGNOSTIC_NULL_KEY when it
 *     is about no table key;
 *   - its code, its message, its file ("" when none) and the table key it is about ("" when
 *     none).
 * 2 + L + 5 * D items in all; the last byte of the output is a NUL. Like the getters, it reads
 * every localization of a catalog opened with EF_CATALOG_ON_DEMAND not yet read (once).
 *
 * @param[out] out_length  As for ef_format_packed().
 * @param[out] buffer      As for ef_format_packed().
 * @param[in]  capacity    As for ef_format_packed(): when `*out_length` comes back larger, call
 *                         again with a buffer of that size (the catalog does not change, so the
 *                         output does not either).
 * @param[in]  catalog     The catalog. Must not be NULL.
 * @param[out] err         Optional error details.
 * @return EF_OK (also when the output did not fit: compare `*out_length` with `capacity`);
 *         EF_E_INVALID_ARGUMENT (NULL `out_length` or `catalog`; NULL `buffer` with a non-zero
 *         capacity).
 * @par Thread-safety: safe, also concurrently on the same catalog; each thread needs its own
 *      buffer.
 * @since 1.3
 */
ef_status ef_catalog_describe_packed(size_t *out_length, char *buffer, size_t capacity,
                                     const ef_catalog *catalog, ef_error_details **err);

/**
 * @brief Compiles a catalog into one file that opens fast (`errfmt compile`): every
 *        localization, table, key and value (variable formats included), the development locale
 *        and the catalog's diagnostics, checksummed (docs/compiled-catalog.md).
 *
 * ef_catalog_open() on the file gives a catalog with the same localizations, diagnostics and
 * results as `catalog`, and a strict open of it fails as a strict open of `catalog`'s sources
 * does (`catalog` opened leniently past a broken table, say). Compiling the same catalog twice
 * writes the same bytes. The file is
 * replaced whole: the bytes go to a new file in the same directory, which is then renamed to
 * `path`, so a reader never sees a partial file (one that has the old file open keeps reading it).
 *
 * @param[in]  catalog  The catalog (opened from a directory, a compiled file or a builder). Must
 *                      not be NULL.
 * @param[in]  path     The file to write, UTF-8. Must not be NULL or empty.
 * @param[out] err      Optional error details.
 * @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `catalog` or `path`, an empty `path`, a catalog over
 *         what the format holds); EF_E_INVALID_UTF8 (`path`); EF_E_IO (the file cannot be written).
 * @par Thread-safety: safe; concurrent calls for one `path` leave one whole file there.
 * @since 1.2
 */
ef_status ef_catalog_compile(const ef_catalog *catalog, const char *path, ef_error_details **err);

/* ------------------------------------------------------------------------- catalog builder */

/** Builds a catalog from tables held in memory (bytes), e.g. embedded in a program. */
typedef struct ef_catalog_builder ef_catalog_builder;

/**
 * @brief Starts an empty in-memory catalog.
 * @param[out] out    Receives the builder (free with ef_catalog_builder_free()).
 * @param[in]  flags  EF_CATALOG_LENIENT or EF_CATALOG_STRICT (strict: a broken table makes
 *                    ef_catalog_builder_add_table() fail with EF_E_PARSE), optionally with
 *                    EF_CATALOG_LOCALIZED_NUMBERS, EF_CATALOG_PSEUDO_LOCALES and
 *                    EF_CATALOG_FAIL_ON_REJECTION (since 1.3), which the catalogs it finishes have.
 * @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `out`, unknown flags; EF_CATALOG_ON_DEMAND and
 *         EF_CATALOG_MAPPED, which only ef_catalog_open() takes).
 * @since 1.0
 */
ef_status ef_catalog_builder_new(ef_catalog_builder **out, uint32_t flags, ef_error_details **err);

/**
 * @brief Adds one table, parsed from `length` bytes, exactly as if read from a file.
 *
 * @param[in] builder    The builder. Must not be NULL.
 * @param[in] locale     Localization name ("fr-CA", "Base", ...), or NULL / "" for an
 *                       unlocalized (top-level) table.
 * @param[in] file_name  File name that says the table name and format: "<Table>.strings",
 *                       "<Table>.stringsdict", "<Table>.json" (flat JSON table) or
 *                       "<Table>.xcstrings" (a String Catalog: every language at once, so
 *                       `locale` must be NULL or ""). Must not be NULL.
 * @param[in] bytes      The file's bytes (any encoding CoreFoundation accepts). May be NULL only
 *                       if `length` is 0.
 * @param[in] length     Number of bytes, at most EF_MAX_TABLE_FILE_BYTES.
 * @return EF_OK; EF_E_INVALID_ARGUMENT (also a `file_name` longer than EF_MAX_KEY_BYTES, a
 *         `length` over EF_MAX_TABLE_FILE_BYTES); EF_E_INVALID_UTF8 (`locale` or `file_name`);
 *         EF_E_INVALID_LOCALE; EF_E_PARSE (strict builder, broken table). In lenient mode a
 *         broken table returns EF_OK and is recorded as an error diagnostic.
 * @since 1.0
 */
ef_status ef_catalog_builder_add_table(ef_catalog_builder *builder, const char *locale,
                                       const char *file_name, const void *bytes, size_t length,
                                       ef_error_details **err);

/**
 * @brief Makes an immutable catalog of everything added so far. The builder stays usable.
 * @param[out] out                 Receives the catalog (free with ef_catalog_free()).
 * @param[in]  builder             The builder. Must not be NULL.
 * @param[in]  development_locale  As for ef_catalog_open(); NULL means "en".
 * @return EF_OK; EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8; EF_E_INVALID_LOCALE.
 * @since 1.0
 */
ef_status ef_catalog_builder_finish(ef_catalog **out, const ef_catalog_builder *builder,
                                    const char *development_locale, ef_error_details **err);

/** @brief Frees a builder. NULL is a no-op.
 *  @since 1.0 */
void ef_catalog_builder_free(ef_catalog_builder *builder);

/* ------------------------------------------------------------------------------ error info */

/** The error to format: domain, code and optional texts (an NSError's parts). Mutable. */
typedef struct ef_error_info ef_error_info;

/**
 * @brief Makes an error description.
 * @param[out] out     Receives the error info (free with ef_error_info_free()).
 * @param[in]  domain  Error domain, e.g. "kCLErrorDomain". Must not be NULL; may be empty.
 * @param[in]  code    Error code; rendered in keys as a decimal integer ("-1009").
 * @return EF_OK; EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8.
 * @since 1.0
 */
ef_status ef_error_info_new(ef_error_info **out, const char *domain, int64_t code,
                            ef_error_details **err);

/** @brief Sets (or with NULL, clears) the error's localized description (message rule 3).
 *  @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `info`); EF_E_INVALID_UTF8.
 *  @since 1.0 */
ef_status ef_error_info_set_description(ef_error_info *info, const char *text,
                                        ef_error_details **err);

/** @brief Sets (or clears) the failure reason (title rule 2).
 *  @return EF_OK; EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8.
 *  @since 1.0 */
ef_status ef_error_info_set_failure_reason(ef_error_info *info, const char *text,
                                           ef_error_details **err);

/** @brief Sets (or clears) the recovery suggestion (message rule 2).
 *  @return EF_OK; EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8.
 *  @since 1.0 */
ef_status ef_error_info_set_recovery_suggestion(ef_error_info *info, const char *text,
                                                ef_error_details **err);

/** @brief Sets the table the rules read (default "Localizable"; NULL or "" restores it).
 *  @return EF_OK; EF_E_INVALID_ARGUMENT (also for a name containing '/'); EF_E_INVALID_UTF8.
 *  @since 1.0 */
ef_status ef_error_info_set_table(ef_error_info *info, const char *table, ef_error_details **err);

/** ef_error_info_set_number_style(): the numbers are written as the catalog says
 *  (EF_CATALOG_LOCALIZED_NUMBERS or not), the default. @since 1.3 */
#define EF_NUMBERS_CATALOG 0
/** ef_error_info_set_number_style(): the numbers are written as C's printf writes them in the C
 *  locale, whatever the catalog says. @since 1.3 */
#define EF_NUMBERS_C_LOCALE 1
/** ef_error_info_set_number_style(): the numbers are written for the locale of the localization
 *  that supplied the text, as EF_CATALOG_LOCALIZED_NUMBERS describes, whatever the catalog says.
 *  @since 1.3 */
#define EF_NUMBERS_LOCALIZED 2

/**
 * @brief Sets how ef_format() writes this error's numbers: EF_NUMBERS_CATALOG (the default),
 *        EF_NUMBERS_C_LOCALE or EF_NUMBERS_LOCALIZED.
 *
 * A result the catalog remembers for an error with one choice never answers an error with
 * another. ef_format_packed() reads only the arguments of its `arguments` and ignores this
 * choice; ef_format_packed_reusable() takes it as the request's `N` part
 * (docs/packed-format.md).
 *
 * @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `info`, any other `style`; the error is unchanged).
 * @since 1.3
 */
ef_status ef_error_info_set_number_style(ef_error_info *info, int32_t style, ef_error_details **err);

/**
 * @brief Appends a string argument (for `%@`, `%s`, `%1$@`...).
 *
 * Arguments are positional, in the order added. Table strings are formats, as with
 * String(format:): a string whose specifiers the arguments cannot satisfy (an argument missing,
 * of another type, `%n`...) is never rendered; the next localization's string, then the next
 * rule, is used instead, and the result records why (ef_result_rejection_*).
 *
 * @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `info` or `value`, more than 1000 arguments);
 *         EF_E_INVALID_UTF8.
 * @since 1.0
 */
ef_status ef_error_info_add_string(ef_error_info *info, const char *value, ef_error_details **err);

/** @brief Appends a signed integer argument (for `%d`, `%lld`, `%@`, plural variables...).
 *  @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `info`, more than 1000 arguments).
 *  @since 1.0 */
ef_status ef_error_info_add_int64(ef_error_info *info, int64_t value, ef_error_details **err);

/** @brief Appends an unsigned integer argument (for `%u`, `%llu`, `%x`...).
 *  @return EF_OK; EF_E_INVALID_ARGUMENT.
 *  @since 1.0 */
ef_status ef_error_info_add_uint64(ef_error_info *info, uint64_t value, ef_error_details **err);

/** @brief Appends a floating-point argument (for `%f`, `%e`, `%g`, `%@`...).
 *  @return EF_OK; EF_E_INVALID_ARGUMENT.
 *  @since 1.0 */
ef_status ef_error_info_add_double(ef_error_info *info, double value, ef_error_details **err);

/** @brief Removes every argument. @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `info`).
 *  @since 1.0 */
ef_status ef_error_info_clear_arguments(ef_error_info *info, ef_error_details **err);

/** @brief Number of arguments added. 0 if NULL.
 *  @since 1.0 */
size_t ef_error_info_argument_count(const ef_error_info *info);

/** @brief Frees an error info. NULL is a no-op.
 *  @since 1.0 */
void ef_error_info_free(ef_error_info *info);

/* ------------------------------------------------------------------------------ formatting */

/** The formatted title, message and button label, with where each came from. Immutable. */
typedef struct ef_result ef_result;

/** Field selectors for the ef_result_* provenance getters. */
#define EF_FIELD_TITLE 0
#define EF_FIELD_MESSAGE 1
#define EF_FIELD_BUTTON 2

/**
 * @brief Formats an error for the user's preferred locales.
 *
 * Each field is resolved by the first rule of the default rule set that yields a string (see
 * README, "The rules"); keys are looked up key by key down the locale stack negotiated from
 * `locales` (first preference with any table, its CLDR fallback chain, then Base, the
 * development localization, the unlocalized table).
 *
 * @param[out] out           Receives the result (free with ef_result_free()). The result is
 *                           the caller's: valid until freed, also after ef_catalog_free() of
 *                           `catalog`, and each call returns a result of its own.
 * @param[in]  catalog       The catalog. Must not be NULL.
 * @param[in]  info          The error. Must not be NULL.
 * @param[in]  locales       Preferred locales, most preferred first (BCP 47, ICU or POSIX
 *                           spelling). May be NULL only if `locale_count` is 0, which means the
 *                           development locale. Malformed entries are skipped; a NULL entry
 *                           fails with EF_E_INVALID_ARGUMENT.
 * @param[in]  locale_count  Number of entries in `locales`.
 * @return EF_OK; EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8 (an entry of `locales`);
 *         EF_E_REJECTED (since 1.3, only on a catalog opened with EF_CATALOG_FAIL_ON_REJECTION:
 *         the result would record a rejection; `*out` is NULL).
 * @par Thread-safety: safe, also concurrently on the same catalog.
 * @since 1.0
 */
ef_status ef_format(ef_result **out, const ef_catalog *catalog, const ef_error_info *info,
                    const char *const *locales, size_t locale_count, ef_error_details **err);

/** @brief The localized title. Borrowed from `result`; never NULL ("" if `result` is NULL).
 *  @since 1.0 */
const char *ef_result_title(const ef_result *result);

/** @brief The localized message (may be empty). Borrowed; never NULL.
 *  @since 1.0 */
const char *ef_result_message(const ef_result *result);

/** @brief The localized button label. Borrowed; never NULL.
 *  @since 1.0 */
const char *ef_result_button(const ef_result *result);

/**
 * @brief Which rule produced a field (EF_FIELD_*): "code-key", "domain-key", "generic-key",
 *        "button-key", "failure-reason", "recovery-suggestion", "description", "builtin" or
 *        "empty". Borrowed; NULL for an unknown field or NULL `result`.
 * @since 1.0
 */
const char *ef_result_rule(const ef_result *result, int32_t field);

/** @brief The table key that produced a field, e.g. "errors.kCLErrorDomain.0.title"; NULL when
 *  the rule was not a key rule. Borrowed.
 *  @since 1.0 */
const char *ef_result_key(const ef_result *result, int32_t field);

/** @brief The localization the field's string came from, as spelled in the catalog ("fr",
 *  "Base"); "" for an unlocalized table; NULL when the rule was not a key rule. Borrowed.
 *  @since 1.0 */
const char *ef_result_locale(const ef_result *result, int32_t field);

/** @brief The table the field's string came from, e.g. "Localizable"; NULL when the rule was
 *  not a key rule. Borrowed.
 *  @since 1.0 */
const char *ef_result_table(const ef_result *result, int32_t field);

/** @brief Number of localizations searched, in order (the lookup stack). 0 if NULL.
 *  @since 1.0 */
size_t ef_result_stack_count(const ef_result *result);

/** @brief Entry `index` of the lookup stack, as spelled in the catalog ("" for the unlocalized
 *  tables). Borrowed; NULL if out of range.
 *  @since 1.0 */
const char *ef_result_stack_entry(const ef_result *result, size_t index);

/** @brief Number of table strings found for a field but not shown because the arguments could
 *  not satisfy them, in the order they were tried. 0 for an unknown field or NULL `result`.
 *  @since 1.0 */
size_t ef_result_rejection_count(const ef_result *result, int32_t field);

/** @brief Why rejection `index` of a field was rejected: a one-line message naming the key,
 *  the localization and the problem, e.g. "errors.D.1.title in fr/Localizable: the format uses
 *  argument 2 but 1 was passed [missing-argument]". Borrowed; NULL if out of range.
 *  @since 1.0 */
const char *ef_result_rejection(const ef_result *result, int32_t field, size_t index);

/**
 * @brief Every string of a result in one call, for bindings that pay for each call (one
 *        ctypes call costs more than formatting the error).
 *
 * Writes borrowed pointers to `out`, in this order: for each field (EF_FIELD_TITLE,
 * EF_FIELD_MESSAGE, EF_FIELD_BUTTON) its text, rule, key, locale and table, as the ef_result_*
 * getters return them (key, locale and table may be NULL); then every lookup stack entry and
 * one NULL; then, for each field in the same order, its rejection messages and one NULL.
 * The list has 15 + stack count + 1 + rejection count + 3 entries.
 *
 * @param[in]  result    The result. May be NULL (then nothing is written and 0 returned).
 * @param[out] out       Receives at most `capacity` pointers, borrowed from `result` (valid
 *                       until ef_result_free()). May be NULL only if `capacity` is 0.
 * @param[in]  capacity  Number of entries `out` has room for.
 * @return The number of entries of the whole list, also when it exceeds `capacity` (then only
 *         the first `capacity` were written: call again with a larger array); 0 if `result`
 *         is NULL.
 * @par Thread-safety: safe, also concurrently on the same result.
 * @since 1.0
 */
size_t ef_result_strings(const ef_result *result, const char **out, size_t capacity);

/** @brief Frees a result. NULL is a no-op.
 *  @since 1.0 */
void ef_result_free(ef_result *result);

/**
 * @brief Formats an error and writes everything about the result into the caller's buffer, in
 *        one call and with no handle to free: for bindings that pay for each call (from Python
 *        through ctypes, one call costs more than formatting the error).
 *
 * The same formatting as ef_format() with an ef_error_info made of `domain`, `code`, the texts
 * and `table`, and the arguments of `arguments`; the same results, provenance and rejections.
 *
 * The buffer receives a run of NUL-terminated UTF-8 strings ("items"), in this order:
 *   - item 0, the header: six decimal numbers separated by single spaces: untranslated (1 when
 *     the preferences asked for no translation, C/POSIX; else 0), the stack count S, the number
 *     of rejections of the title, of the message and of the button (Rt, Rm, Rb), and a null mask
 *     (below);
 *   - items 1 to 3: the title, the message and the button label;
 *   - items 4 to 15: for each field (EF_FIELD_TITLE, EF_FIELD_MESSAGE, EF_FIELD_BUTTON) its rule,
 *     key, locale and table, as ef_result_rule() and the others give them; a NULL one is written
 *     as "" and has its bit set in the null mask: bit 3 * field for the key, 3 * field + 1 for
 *     the locale, 3 * field + 2 for the table;
 *   - S items: the lookup stack, as ef_result_stack_entry() gives it;
 *   - for each field in the same order, its rejections, five items each: key, locale ("" for an
 *     unlocalized table), table, code (e.g. "missing-argument") and message.
 * That is 16 + S + 5 * (Rt + Rm + Rb) items; the last byte of the output is a NUL.
 * docs/packed-format.md specifies the format for decoders (with the checks a decoder makes
 * before it trusts an output, and golden vectors in Tests/vectors/packed/).
 *
 * @param[out] out_length    Receives the size of the whole output in bytes, terminators
 *                           included; 0 on failure. Must not be NULL.
 * @param[out] buffer        Receives the output. May be NULL only if `capacity` is 0.
 * @param[in]  capacity      Size of `buffer` in bytes. When `*out_length` comes back larger
 *                           than `capacity`, the buffer's contents are unspecified: call again
 *                           with a buffer of at least `*out_length` bytes (formatting is
 *                           deterministic, so the second call needs the same size).
 * @param[in]  catalog       The catalog. Must not be NULL.
 * @param[in]  domain        Error domain, as for ef_error_info_new(). Must not be NULL.
 * @param[in]  code          Error code.
 * @param[in]  description   Optional (NULL: none), as ef_error_info_set_description().
 * @param[in]  failure_reason       Optional, as ef_error_info_set_failure_reason().
 * @param[in]  recovery_suggestion  Optional, as ef_error_info_set_recovery_suggestion().
 * @param[in]  table         Optional, as ef_error_info_set_table() (NULL or "": "Localizable").
 * @param[in]  arguments     Optional; only its arguments are used (NULL: no arguments).
 * @param[in]  locales       Preferred locales, as for ef_format().
 * @param[in]  locale_count  Number of entries in `locales`.
 * @return EF_OK (also when the output did not fit: compare `*out_length` with `capacity`);
 *         EF_E_INVALID_ARGUMENT (NULL `out_length`, `catalog` or `domain`; NULL `buffer` with a
 *         non-zero capacity; a table name containing '/'); EF_E_INVALID_UTF8.
 * @par Thread-safety: safe, also concurrently on the same catalog and the same `arguments`
 *      (which is only read); each thread needs its own buffer. A call without arguments whose
 *      result shows none of the caller's texts is remembered by the catalog (within a fixed
 *      memory budget): the same call again (the same bytes; any description, failure reason or
 *      recovery suggestion that is not shown, only checked to be valid UTF-8) copies the output
 *      without a lock or a shared write.
 * @since 1.1
 */
ef_status ef_format_packed(size_t *out_length, char *buffer, size_t capacity,
                           const ef_catalog *catalog, const char *domain, int64_t code,
                           const char *description, const char *failure_reason,
                           const char *recovery_suggestion, const char *table,
                           const ef_error_info *arguments, const char *const *locales,
                           size_t locale_count, ef_error_details **err);

/**
 * @brief ef_format_packed() for a binding that pays per call and per parameter: the request
 *        (domain, code, texts, table and arguments) packed into one run of bytes, and whether
 *        the output answers later calls (for a memo of the binding's own, where a call into
 *        the library costs several times a lookup in the binding's own dictionary).
 *
 * The same statuses and thread-safety as ef_format_packed() given the same inputs as separate
 * parameters and an ef_error_info holding the same arguments, and the same output followed by
 * the rejections' descriptions (below). The request is one run of bytes: the domain and a NUL,
 * the code in decimal and a NUL, then the description ('D'), failure reason ('F'), recovery
 * suggestion ('R') and table ('T') that are given, each a kind byte, its UTF-8 and a NUL, then
 * optionally (since 1.3) the number style ('N', then 'c' for EF_NUMBERS_C_LOCALE or 'l' for
 * EF_NUMBERS_LOCALIZED, and a NUL; left out: EF_NUMBERS_CATALOG), then the arguments, each a
 * kind byte ('s' a string, 'i' an int64_t, 'u' a uint64_t, 'd' a double, 'n' an integer in
 * decimal) and its value. docs/packed-format.md ("The request") specifies it
 * byte by byte. A request that is malformed (NULL or empty, cut inside a part, a code or 'n'
 * value that is not a decimal of 64 bits, a part out of order or given twice, an unknown kind
 * byte, a number style other than 'c' or 'l') or that has more than EF_MAX_ARGUMENTS arguments
 * is EF_E_INVALID_ARGUMENT; a text or string argument that is not UTF-8, EF_E_INVALID_UTF8
 * (the parts after the code are checked in ef_format_packed()'s order: the texts, then the
 * arguments).
 *
 * The output is ef_format_packed()'s, followed by one item per rejection (in the same order as
 * the rejections' five items): its one-line description, as ef_result_rejection() gives it.
 * That is 16 + S + 6 * (Rt + Rm + Rb) items.
 *
 * In addition, `*out_reusable` receives 1 when the output is also the output of every later
 * call on the same catalog with the same domain, code, table (left out and "" alike) and
 * `locales` (the same strings in the same order), no arguments, and the same ones of the
 * description, failure reason and recovery suggestion present (given and not empty),
 * whatever those say (each still valid UTF-8, which such a call still checks); else 0: a field
 * shows one of the caller's texts, or the call had arguments. Calls that differ otherwise may
 * well have the same output: 1 says only what is certain. The library decides this as it
 * decides what its own memo of ef_format_packed() keeps.
 *
 * @param[out] out_length    As for ef_format_packed().
 * @param[out] buffer        As for ef_format_packed().
 * @param[in]  capacity      As for ef_format_packed().
 * @param[out] out_reusable  Optional (NULL: not written); receives 1 or 0 as above, also when
 *                           the output did not fit; 0 on failure.
 * @param[in]  catalog       As for ef_format_packed().
 * @param[in]  request       The packed request, only read during the call. Required.
 * @param[in]  request_length  Size of `request` in bytes.
 * @param[in]  locales       As for ef_format_packed(), and so are the parameters after it.
 * @return As ef_format_packed(); EF_E_INVALID_ARGUMENT and EF_E_INVALID_UTF8 also as above.
 * @since 1.3
 */
ef_status ef_format_packed_reusable(size_t *out_length, char *buffer, size_t capacity,
                                    int32_t *out_reusable, const ef_catalog *catalog,
                                    const char *request, size_t request_length,
                                    const char *const *locales, size_t locale_count,
                                    ef_error_details **err);

/* ---------------------------------------------------------------------------------- lookup */

/** A value looked up by key, rendered with arguments. Immutable. */
typedef struct ef_lookup ef_lookup;

/**
 * @brief Looks up any key in a table for the user's locales and renders it with arguments.
 *
 * The same resolution as the rules use: key by key down the negotiated locale stack, plural
 * variants chosen with the plural rules of the localization that supplied the string, and
 * strings the arguments cannot satisfy skipped.
 *
 * @param[out] out           Receives the lookup (free with ef_lookup_free()), also when the key
 *                           is not found (then with rejections, if any, and a NULL value).
 *                           The lookup is the caller's: valid until freed, also after
 *                           ef_catalog_free() of `catalog`, and each call returns its own.
 * @param[in]  catalog       The catalog. Must not be NULL.
 * @param[in]  table         Table name; NULL or "" means "Localizable".
 * @param[in]  key           The key. Must not be NULL.
 * @param[in]  locales       Preferred locales, as for ef_format().
 * @param[in]  locale_count  Number of entries in `locales`.
 * @param[in]  arguments     Optional; only its arguments are used (NULL: no arguments).
 * @return EF_OK; EF_E_KEY_NOT_FOUND (no usable value; `*out` is still set);
 *         EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8; EF_E_REJECTED (since 1.3, only on a catalog
 *         opened with EF_CATALOG_FAIL_ON_REJECTION: the lookup would record a rejection, found
 *         or not; `*out` is NULL).
 * @par Thread-safety: safe, also concurrently on the same catalog.
 * @since 1.0
 */
ef_status ef_catalog_lookup(ef_lookup **out, const ef_catalog *catalog, const char *table,
                            const char *key, const char *const *locales, size_t locale_count,
                            const ef_error_info *arguments, ef_error_details **err);

/** @brief The rendered value, or NULL if the key was not found. Borrowed from `lookup`.
 *  @since 1.0 */
const char *ef_lookup_value(const ef_lookup *lookup);

/** @brief The localization that supplied the value ("" for an unlocalized table), or NULL if
 *  not found. Borrowed.
 *  @since 1.0 */
const char *ef_lookup_locale(const ef_lookup *lookup);

/** @brief The table searched. Borrowed; "" if `lookup` is NULL.
 *  @since 1.0 */
const char *ef_lookup_table(const ef_lookup *lookup);

/** @brief Number of strings found but not rendered. 0 if NULL.
 *  @since 1.0 */
size_t ef_lookup_rejection_count(const ef_lookup *lookup);

/** @brief Why rejection `index` was rejected (as ef_result_rejection()). Borrowed; NULL if out
 *  of range.
 *  @since 1.0 */
const char *ef_lookup_rejection(const ef_lookup *lookup, size_t index);

/** @brief Frees a lookup. NULL is a no-op.
 *  @since 1.0 */
void ef_lookup_free(ef_lookup *lookup);

/**
 * @brief The text a key shows with no arguments, borrowed from the catalog: the gettext-shaped
 *        call (no handle made, nothing allocated, nothing to free).
 *
 * The same resolution as ef_catalog_lookup() with no arguments: key by key down the locale
 * stack negotiated from `locales`, a value that needs arguments (`%@`, `%d`, a plural variable...)
 * skipped as ef_catalog_lookup() skips it. What each key of a table shows without arguments is
 * decided once, the first time a call reads that table; later calls only find it.
 *
 * @param[out] out           Receives the text (borrowed from `catalog`: valid until
 *                           ef_catalog_free(); never freed by the caller), or NULL on failure.
 *                           Must not be NULL.
 * @param[in]  catalog       The catalog. Must not be NULL.
 * @param[in]  table         Table name; NULL or "" means "Localizable".
 * @param[in]  key           The key. Must not be NULL.
 * @param[in]  locales       Preferred locales, as for ef_format().
 * @param[in]  locale_count  Number of entries in `locales`.
 * @param[out] err           Optional error details.
 * @return EF_OK; EF_E_KEY_NOT_FOUND (no localization of the stack has a value that renders
 *         without arguments; `*out` is NULL); EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8.
 * @par Thread-safety: safe, also concurrently on the same catalog. A call with the same
 *      arguments (bytes) as one answered before takes no lock and writes no shared memory.
 * @since 1.1
 */
ef_status ef_catalog_text(const char **out, const ef_catalog *catalog, const char *table,
                          const char *key, const char *const *locales, size_t locale_count,
                          ef_error_details **err);

/**
 * @brief ef_catalog_lookup() with the whole lookup written into the caller's buffer, in one call
 *        and with no handle to free (see ef_format_packed()).
 *
 * The buffer receives NUL-terminated UTF-8 items: a header of two decimal numbers separated by
 * a space (1 if a value was found, else 0; the number of rejections R), then the value and the
 * locale (each "" when not found), the table searched, and R rejections of five items each (key,
 * locale, table, code, message, as for ef_format_packed()). 4 + 5 * R items in all.
 *
 * @param[out] out_length    As for ef_format_packed().
 * @param[out] buffer        As for ef_format_packed().
 * @param[in]  capacity      As for ef_format_packed().
 * @param[in]  catalog, table, key, locales, locale_count, arguments  As for ef_catalog_lookup().
 * @return EF_OK; EF_E_KEY_NOT_FOUND (no usable value; the output is still written);
 *         EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8.
 * @par Thread-safety: safe, also concurrently on the same catalog; each thread needs its own
 *      buffer.
 * @since 1.1
 */
ef_status ef_catalog_lookup_packed(size_t *out_length, char *buffer, size_t capacity,
                                   const ef_catalog *catalog, const char *table, const char *key,
                                   const char *const *locales, size_t locale_count,
                                   const ef_error_info *arguments, ef_error_details **err);

/**
 * @brief ef_catalog_lookup_packed() whose output also carries each rejection's one-line
 *        description, as ef_lookup_rejection() gives it.
 *
 * The output is ef_catalog_lookup_packed()'s, followed by R items: the description of each
 * rejection, in the same order. 4 + 6 * R items in all. Parameters, statuses and thread-safety
 * as ef_catalog_lookup_packed().
 *
 * @since 1.3
 */
ef_status ef_catalog_lookup_packed_v2(size_t *out_length, char *buffer, size_t capacity,
                                      const ef_catalog *catalog, const char *table,
                                      const char *key, const char *const *locales,
                                      size_t locale_count, const ef_error_info *arguments,
                                      ef_error_details **err);

/* --------------------------------------------------------------------------------- locales */

/**
 * @brief Normalizes a locale identifier to ICU's canonical form.
 *
 * Accepts BCP 47 ("zh-Hant-TW"), ICU ("zh_Hant_TW") and POSIX ("sr_RS.UTF-8@latin") spellings
 * and legacy codes. "und" and "root" normalize to "" (the base table). "C" and "POSIX" mean
 * "untranslated": *out_untranslated is set to 1 and *out to "".
 *
 * @param[out] out               Receives the normalized ID (owned; free with ef_string_free()).
 * @param[out] out_untranslated  Optional; receives 1 for C/POSIX, else 0.
 * @param[in]  locale            The identifier. Must not be NULL.
 * @return EF_OK; EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8; EF_E_INVALID_LOCALE.
 * @since 1.0
 */
ef_status ef_locale_normalize(char **out, int32_t *out_untranslated, const char *locale,
                              ef_error_details **err);

/** A locale's CLDR fallback chain, most specific first, without root. Immutable. */
typedef struct ef_locale_chain ef_locale_chain;

/** Kinds of chain entries (ef_locale_chain_kind). */
/** No ICU data for this ID; inserted by the CLDR parent algorithm (e.g. "az_Arab"). */
#define EF_CHAIN_ABSTRACT 0
/** ICU has locale data for this ID. */
#define EF_CHAIN_BUNDLE 1
/** A legacy or alias ID (e.g. "zh_TW"); the next entry is its target. */
#define EF_CHAIN_ALIAS 2

/**
 * @brief Computes the fallback chain of a locale as ICU's resource-bundle lookup resolves it
 *        (es_MX -> es_419 -> es; zh_TW -> zh_Hant_TW -> zh_Hant).
 * @param[out] out     Receives the chain (free with ef_locale_chain_free()).
 * @param[in]  locale  Any spelling accepted by ef_locale_normalize(). Must not be NULL.
 * @return EF_OK; EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8; EF_E_INVALID_LOCALE.
 * @since 1.0
 */
ef_status ef_locale_chain_new(ef_locale_chain **out, const char *locale, ef_error_details **err);

/** @brief The normalized ID the chain was computed for. Borrowed; "" if NULL.
 *  @since 1.0 */
const char *ef_locale_chain_normalized(const ef_locale_chain *chain);

/** @brief 1 if the locale was C/POSIX (untranslated: the chain is empty), else 0.
 *  @since 1.0 */
int32_t ef_locale_chain_untranslated(const ef_locale_chain *chain);

/** @brief Number of entries. 0 if NULL.
 *  @since 1.0 */
size_t ef_locale_chain_count(const ef_locale_chain *chain);

/** @brief ID of entry `index` (ICU form, e.g. "zh_Hant_TW"). Borrowed; NULL if out of range.
 *  @since 1.0 */
const char *ef_locale_chain_id(const ef_locale_chain *chain, size_t index);

/** @brief Kind of entry `index` (EF_CHAIN_*), or -1 if out of range.
 *  @since 1.0 */
int32_t ef_locale_chain_kind(const ef_locale_chain *chain, size_t index);

/**
 * @brief Everything the chain getters above give, written into the caller's buffer in one call
 *        (see ef_format_packed()).
 *
 * The buffer receives NUL-terminated UTF-8 items: a header of two decimal numbers separated by
 * a space (1 when the locale was C or POSIX, as ef_locale_chain_untranslated() says, else 0;
 * the number of entries N); the normalized ID, as ef_locale_chain_normalized() gives it; then
 * the N entries, most specific first, EF_PACKED_CHAIN_ENTRY_ITEMS items each: the ID (as
 * ef_locale_chain_id()) and the kind in decimal (EF_CHAIN_*, as ef_locale_chain_kind()).
 * 2 + 2 * N items in all; the last byte of the output is a NUL.
 *
 * @param[out] out_length  As for ef_format_packed().
 * @param[out] buffer      As for ef_format_packed().
 * @param[in]  capacity    As for ef_catalog_describe_packed() (a chain does not change either).
 * @param[in]  chain       The chain. Must not be NULL.
 * @param[out] err         Optional error details.
 * @return EF_OK (also when the output did not fit); EF_E_INVALID_ARGUMENT (NULL `out_length` or
 *         `chain`; NULL `buffer` with a non-zero capacity).
 * @par Thread-safety: safe, also concurrently on the same chain.
 * @since 1.3
 */
ef_status ef_locale_chain_packed(size_t *out_length, char *buffer, size_t capacity,
                                 const ef_locale_chain *chain, ef_error_details **err);

/** @brief Frees a chain. NULL is a no-op.
 *  @since 1.0 */
void ef_locale_chain_free(ef_locale_chain *chain);

/** An ordered list of locale preferences, read from where programs get them. Immutable. */
typedef struct ef_locale_list ef_locale_list;

/**
 * @brief The user's preferences from the POSIX environment, with gettext's precedence.
 *
 * The locale is the first non-empty of LC_ALL, LC_MESSAGES, LANG. If it is C or POSIX the list
 * is just "C" (untranslated: LANGUAGE is ignored, as gettext does). Otherwise, if LANGUAGE is
 * set, the list is its colon-separated entries (they replace the locale, as in gettext), else
 * the locale itself ("C.UTF-8" also gives "C" then). No variable set gives an empty list (which
 * ef_format treats as the development locale). A variable whose value is not valid UTF-8 is
 * skipped as if it were unset (never repaired into U+FFFD), so the next one in that precedence
 * decides.
 *
 * @param[out] out  Receives the list (free with ef_locale_list_free()).
 * @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `out`).
 * @par Thread-safety: reads the environment with getenv(); must not race with setenv().
 * @since 1.0
 */
ef_status ef_locale_list_from_environment(ef_locale_list **out, ef_error_details **err);

/**
 * @brief The preferences of an HTTP Accept-Language header, best first.
 *
 * Entries are ordered by q-value (stable for equal values); q=0 entries, the wildcard `*` and
 * malformed parts are dropped. Headers longer than EF_MAX_ACCEPT_LANGUAGE_BYTES (4096) are cut
 * after the last entry that ends within them (an entry ending exactly at byte 4096 is kept); at
 * most EF_MAX_ACCEPT_LANGUAGE_RANGES (64) ranges are read, the first ones of the header.
 *
 * @param[out] out     Receives the list (free with ef_locale_list_free()).
 * @param[in]  header  The header's value, e.g. "fr-CA, fr;q=0.8, en;q=0.5". Must not be NULL.
 * @return EF_OK; EF_E_INVALID_ARGUMENT; EF_E_INVALID_UTF8.
 * @since 1.0
 */
ef_status ef_locale_list_from_accept_language(ef_locale_list **out, const char *header,
                                              ef_error_details **err);

/** @brief Number of entries. 0 if NULL.
 *  @since 1.0 */
size_t ef_locale_list_count(const ef_locale_list *list);

/** @brief Entry `index`, as given (not normalized). Borrowed; NULL if out of range.
 *  @since 1.0 */
const char *ef_locale_list_entry(const ef_locale_list *list, size_t index);

/**
 * @brief Every entry of a list, written into the caller's buffer in one call (see
 *        ef_format_packed()).
 *
 * The buffer receives NUL-terminated UTF-8 items: a header of one decimal number (the number of
 * entries N), then the N entries, most preferred first, as ef_locale_list_entry() gives them.
 * 1 + N items in all; the last byte of the output is a NUL. A list made from the environment
 * keeps what the environment held when it was made: calling again writes the same output.
 *
 * @param[out] out_length  As for ef_format_packed().
 * @param[out] buffer      As for ef_format_packed().
 * @param[in]  capacity    As for ef_catalog_describe_packed() (a list does not change either).
 * @param[in]  list        The list. Must not be NULL.
 * @param[out] err         Optional error details.
 * @return EF_OK (also when the output did not fit); EF_E_INVALID_ARGUMENT (NULL `out_length` or
 *         `list`; NULL `buffer` with a non-zero capacity).
 * @par Thread-safety: safe, also concurrently on the same list.
 * @since 1.3
 */
ef_status ef_locale_list_packed(size_t *out_length, char *buffer, size_t capacity,
                                const ef_locale_list *list, ef_error_details **err);

/** @brief Frees a list. NULL is a no-op.
 *  @since 1.0 */
void ef_locale_list_free(ef_locale_list *list);

/* ------------------------------------------------------------------------------------ lint */

/**
 * The findings of a lint run (ef_lint_paths()): what `errfmt lint` reports, as values. Its
 * diagnostics read like a catalog's (ef_catalog_diagnostic_*), plus the table key each is
 * about. Immutable; may be read from any number of threads.
 */
typedef struct ef_lint_report ef_lint_report;

/**
 * @brief Lints table files and catalog directories, as `errfmt lint PATH...` does.
 *
 * Each directory is linted as one catalog (laid out as for ef_catalog_open()); the files named
 * directly (`.strings`, `.stringsdict`, `.xcstrings`, `.json`) are linted together, each file's
 * localization taken from its `<loc>.lproj` directory (or a `<loc>.json` name). Findings carry
 * the file as named here (a directory's files as the directory argument plus the path inside
 * it), the 1-based line and column of the entry in that file, and the key. The checks and
 * their codes are listed in docs/lint.md; nothing is ever written.
 *
 * @param[out] out                 Receives the report (free with ef_lint_report_free()); NULL
 *                                 on failure.
 * @param[in]  paths               `path_count` UTF-8 paths, none NULL. May be NULL only if
 *                                 `path_count` is 0, which is EF_E_INVALID_ARGUMENT.
 * @param[in]  path_count          Number of paths (at least 1).
 * @param[in]  development_locale  The development language (e.g. "de"); NULL: `Base`, else
 *                                 `en`. A String Catalog's own source language always applies
 *                                 to it. When the development localization holds no tables the
 *                                 report has the error `no-development-localization`.
 * @param[out] err                 Optional error details.
 * @return EF_OK (findings, even errors, are in the report); EF_E_INVALID_ARGUMENT (NULL `out`,
 *         no paths, a NULL path, a file that is not a table); EF_E_INVALID_UTF8; EF_E_NOT_FOUND
 *         (a path that does not exist; ef_error_details_file() names it); EF_E_IO (unreadable);
 *         EF_E_INVALID_LOCALE (bad `development_locale`).
 * @par Thread-safety: safe.
 * @since 1.1
 */
ef_status ef_lint_paths(ef_lint_report **out, const char *const *paths, size_t path_count,
                        const char *development_locale, ef_error_details **err);

/**
 * @brief Lints a catalog already opened or built: its loading diagnostics, then every check of
 *        ef_lint_paths() against its development locale.
 *
 * A catalog keeps no positions, so findings about entries name the table as
 * `<localization>.lproj/<Table>` with line and column 0; lint the directory with
 * ef_lint_paths() for positions in the files.
 *
 * @param[out] out      Receives the report (free with ef_lint_report_free()); NULL on failure.
 * @param[in]  catalog  The catalog. Must not be NULL.
 * @param[out] err      Optional error details.
 * @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `out` or `catalog`).
 * @par Thread-safety: safe.
 * @since 1.1
 */
ef_status ef_lint_catalog(ef_lint_report **out, const ef_catalog *catalog, ef_error_details **err);

/** @brief Frees a report. NULL is a no-op. Strings borrowed from it become invalid.
 *  @since 1.1 */
void ef_lint_report_free(ef_lint_report *report);

/** @brief Number of table files read. 0 if `report` is NULL.
 *  @since 1.1 */
size_t ef_lint_file_count(const ef_lint_report *report);

/** @brief Number of findings, ordered by file (as read), line and column. 0 if NULL.
 *  @since 1.1 */
size_t ef_lint_diagnostic_count(const ef_lint_report *report);

/** @brief Severity of finding `index` (EF_SEVERITY_*), or -1 if out of range.
 *  @since 1.1 */
int32_t ef_lint_diagnostic_severity(const ef_lint_report *report, size_t index);

/** @brief Stable kebab-case code of finding `index`, e.g. "format-mismatch". Borrowed; NULL if
 *  out of range.
 *  @since 1.1 */
const char *ef_lint_diagnostic_code(const ef_lint_report *report, size_t index);

/** @brief One-line message of finding `index`. Borrowed; NULL if out of range.
 *  @since 1.1 */
const char *ef_lint_diagnostic_message(const ef_lint_report *report, size_t index);

/** @brief File of finding `index`, as named in ef_lint_paths(). Borrowed; NULL if none or out of
 *  range.
 *  @since 1.1 */
const char *ef_lint_diagnostic_file(const ef_lint_report *report, size_t index);

/** @brief Table key finding `index` is about. Borrowed; NULL if none or out of range.
 *  @since 1.1 */
const char *ef_lint_diagnostic_key(const ef_lint_report *report, size_t index);

/** @brief 1-based line of finding `index`, 0 if unknown (binary plists, whole files) or out of
 *  range.
 *  @since 1.1 */
int32_t ef_lint_diagnostic_line(const ef_lint_report *report, size_t index);

/** @brief 1-based column of finding `index` in Unicode scalar values, 0 if unknown or out of
 *  range.
 *  @since 1.1 */
int32_t ef_lint_diagnostic_column(const ef_lint_report *report, size_t index);

/**
 * @brief Everything the report getters above give, written into the caller's buffer in one
 *        call (see ef_format_packed()).
 *
 * The buffer receives NUL-terminated UTF-8 items: a header of two decimal numbers separated by
 * a space (the number of table files read, as ef_lint_file_count() gives it; the number of
 * findings D), then the D findings in the report's order, each written as a diagnostic of
 * ef_catalog_describe_packed() is (its numbers, code, message, file, key; EF_PACKED_DIAGNOSTIC_*),
 * as the ef_lint_diagnostic_* getters give them. 1 + 5 * D items in all; the last byte of the
 * output is a NUL.
 *
 * @param[out] out_length  As for ef_format_packed().
 * @param[out] buffer      As for ef_format_packed().
 * @param[in]  capacity    As for ef_catalog_describe_packed() (a report does not change either).
 * @param[in]  report      The report. Must not be NULL.
 * @param[out] err         Optional error details.
 * @return EF_OK (also when the output did not fit); EF_E_INVALID_ARGUMENT (NULL `out_length` or
 *         `report`; NULL `buffer` with a non-zero capacity).
 * @par Thread-safety: safe, also concurrently on the same report.
 * @since 1.3
 */
ef_status ef_lint_report_packed(size_t *out_length, char *buffer, size_t capacity,
                                const ef_lint_report *report, ef_error_details **err);
/* ------------------------------------------------------------------------ problem responses */

/* Where things are in the output of ef_format_problem() (docs/packed-format.md): the header item
 * (EF_PACKED_HEADER) holds EF_PROBLEM_HEADER_NUMBERS decimal numbers, the HTTP status and the
 * number of header fields F; items EF_PROBLEM_FIELDS to 2F are the fields' names and values, a
 * name then its value; item EF_PROBLEM_FIELDS + 2F is the body. @since 1.3 */
#define EF_PROBLEM_HEADER_NUMBERS 2u
#define EF_PROBLEM_FIELDS 1u

/** Flags for ef_format_problem(): extension members the body adds after the standard ones, in
 *  this order. "code": the error's code, a JSON number. @since 1.3 */
#define EF_PROBLEM_CODE 1u
/** "domain": the error's domain. @since 1.3 */
#define EF_PROBLEM_DOMAIN 2u
/** "button": the localized label of the button that dismisses the error. @since 1.3 */
#define EF_PROBLEM_BUTTON 4u

/**
 * @brief Makes the HTTP response a service sends for an error: an RFC 9457 problem details
 *        object whose title and detail are the error's, localized for the request's
 *        Accept-Language, with its status and header fields, written into the caller's buffer.
 *
 * The error is formatted as ef_format() formats it, for the preferences of `accept_language`
 * (read as ef_locale_list_from_accept_language() reads it) or else of `locales`; then the
 * response is written, in one pass, as packed items (docs/packed-format.md):
 *   - item 0, the header: two decimal numbers separated by a space: the HTTP status (`status`)
 *     and the number of header fields F (3);
 *   - F pairs of items, each a header field's name and value, in this order:
 *     "Content-Type" "application/problem+json", "Content-Language" (below), "Vary"
 *     "Accept-Language";
 *   - the body: a JSON object, UTF-8, compact (no space or newline between tokens), its members
 *     in this order: "type" (`type_template` expanded), "title" (the error's title), "status",
 *     "detail" (the error's message; left out when the message is empty), "instance" (when
 *     given), then the members `flags` asks for: "code", "domain", "button". Strings are escaped
 *     as RFC 8259 requires ('"', '\\' and control characters; \n \r \t \b \f in short form, the
 *     others as \u00XX) and nothing else.
 * That is 2 + 2F items; the last byte of the output is a NUL. The same inputs give the same bytes
 * (from every binding and `errfmt problem` too).
 *
 * Content-Language names the language of the title, then that of the detail when it differs,
 * as BCP 47 tags separated by ", " ("fr-CA", "fr, en"): a table string's is that of the
 * localization that supplied it (Base and the unlocalized tables: the development locale's); a
 * built-in default's ("Error") is "en"; the error's own texts (failure reason, recovery
 * suggestion, description) are taken to be in the development language. A detail left out
 * counts for nothing. The value holds only ASCII letters, digits, '-', ',' and ' ': no input can
 * put a CR, LF or NUL into a header field.
 *
 * An Accept-Language header that is empty, malformed, not UTF-8, longer than
 * EF_MAX_ACCEPT_LANGUAGE_BYTES or naming no language any table has is never an error: its
 * malformed parts are ignored (the rest is read as ef_locale_list_from_accept_language() reads
 * it), and a header without a usable range gives the development locale.
 *
 * @param[out] out_length      Receives the size of the whole output in bytes, terminators
 *                             included; 0 on failure. Must not be NULL.
 * @param[out] buffer          Receives the output. May be NULL only if `capacity` is 0.
 * @param[in]  capacity        Size of `buffer`; as for ef_format_packed() (call again with
 *                             `*out_length` bytes when the output did not fit).
 * @param[in]  catalog         The catalog. Must not be NULL.
 * @param[in]  info            The error, as for ef_format(). Must not be NULL.
 * @param[in]  accept_language The request's Accept-Language header value, or NULL: the
 *                             preferences are then `locales` (a request without the header
 *                             passes NULL and no locales: the development locale).
 * @param[in]  locales         Preferred locales, as for ef_format(); must be NULL with
 *                             `locale_count` 0 when `accept_language` is given.
 * @param[in]  locale_count    Number of entries in `locales`.
 * @param[in]  status          The HTTP status, from 100 to 599.
 * @param[in]  type_template   The problem type's URI, in which "{domain}" becomes the error's
 *                             domain percent-encoded (every byte but ASCII letters, digits, '-',
 *                             '.', '_' and '~') and "{code}" its code in decimal, e.g.
 *                             "https://errors.example.com/{domain}/{code}". NULL or "":
 *                             "about:blank". At most EF_MAX_KEY_BYTES bytes, expanded too.
 * @param[in]  instance        The URI of this occurrence of the problem, or NULL (or "") to leave
 *                             "instance" out. At most EF_MAX_KEY_BYTES bytes.
 * @param[in]  flags           0, or any of EF_PROBLEM_CODE, EF_PROBLEM_DOMAIN, EF_PROBLEM_BUTTON.
 * @param[out] err             Optional error details.
 * @return EF_OK (also when the output did not fit: compare `*out_length` with `capacity`);
 *         EF_E_INVALID_ARGUMENT (NULL `out_length`, `catalog` or `info`; NULL `buffer` with a
 *         non-zero capacity; a status outside 100 to 599; unknown flags; `locales` given with
 *         `accept_language`; a NULL entry of `locales`; a type URI or instance too long);
 *         EF_E_INVALID_UTF8 (`type_template`, `instance`, an entry of `locales`).
 * @par Thread-safety: safe, also concurrently on the same catalog and the same `info` (which is
 *      only read); each thread needs its own buffer. What a catalog remembers to answer
 *      ef_format() answers this call too.
 * @since 1.3
 */
ef_status ef_format_problem(size_t *out_length, char *buffer, size_t capacity,
                            const ef_catalog *catalog, const ef_error_info *info,
                            const char *accept_language, const char *const *locales,
                            size_t locale_count, int32_t status, const char *type_template,
                            const char *instance, uint32_t flags, ef_error_details **err);

/* ---------------------------------------------------------------------------- live catalog */

/**
 * A catalog that follows its files: it serves the newest good version of a catalog directory or
 * compiled catalog file, never a broken one, while any number of threads format with it.
 *
 * Every use goes through ef_live_catalog_current(), which returns the version served now as an
 * ordinary ef_catalog * reference: every catalog function works on it unchanged, and the caller
 * frees it with ef_catalog_free() when done (a request, a batch), then takes the current one
 * again. A version lives as long as someone holds it; results, lookups and strings made from it
 * stay valid after newer versions replace it, as after any ef_catalog_free().
 *
 * Good versions. A change of the path is taken once the catalog's files have been quiet for the
 * debounce interval (ef_live_catalog_open_with_debounce(); the check interval for
 * ef_live_catalog_open()): a directory rewritten file by file, with pauses shorter than the
 * interval, is taken whole, never half-written. It is opened off to the side, with the flags the
 * live catalog was opened with (strictly under EF_CATALOG_STRICT: a broken table refuses the
 * whole version) and, under EF_LIVE_CATALOG_LINT_CLEAN, linted as ef_lint_catalog() lints it;
 * if it opens, holds at least one entry (a directory being deleted or filled passes through
 * empty catalogs: never served) and lint finds no error, it replaces the version served and the
 * generation grows by one. Otherwise the version served stays and ef_live_catalog_last_error() says why; that
 * state of the path is not opened again until the path changes. A version is read whole when it
 * is taken (a compiled file's sections too), and taken only if the path did not change while it
 * was read. Followed and tested: a compiled file replaced by rename; a directory whose files are
 * rewritten in place one by one; a directory switched by a symbolic link (as Kubernetes swaps a
 * ConfigMap's `..data`); a path deleted (the version served stays, the refusal is
 * EF_E_NOT_FOUND) and a path that comes back (taken as a new version).
 *
 * Noticing changes. A thread of the library, one per live catalog opened with a check interval,
 * looks at the path every interval with stat() alone (the directory, its catalog entries, the
 * tables of its `.lproj` directories: bounded by the EF_MAX_* limits; no file is read until a
 * change is quiet), and sooner when inotify reports a change in the catalog's directories (where
 * the kernel gives the process an inotify instance; otherwise the interval alone). A change is
 * therefore served within the debounce interval plus one check interval, plus the time the new
 * version takes to open. The change times the kernel writes (ctime, which no program can set
 * back) say when the files were last changed; a debounce below 20 ms counts as 20 ms, their
 * precision. With a check interval of 0 there is no thread: the caller calls
 * ef_live_catalog_reload() when it knows the files changed.
 *
 * The thread blocks every signal (signals go to the program's threads), is named
 * "ef-live-catalog", and does all its work under the live catalog's lock, which a fork() also
 * takes (pthread_atfork): a fork waits for a check in progress (one catalog open), never
 * interrupts one, so the child inherits no lock held by a thread it does not have. A child
 * (a pre-forked worker) keeps serving the version it inherited and, on its first use of the live
 * catalog, starts a thread of its own that follows the path from then on. A process that forks
 * and executes another program inherits nothing: the thread's descriptors are close-on-exec.
 *
 * Thread-safety: every function on a live catalog but ef_live_catalog_free() may be called
 * concurrently from any number of threads. ef_live_catalog_current() never waits: it takes no
 * lock that a reload holds and does no I/O (one atomic operation names the version and takes
 * the reference). A reload opens the next version without a lock that readers need and
 * publishes it with one atomic exchange.
 */
typedef struct ef_live_catalog ef_live_catalog;

/** Flag for ef_live_catalog_open() only: refuse a version in which lint (ef_lint_catalog()) finds
 *  an error, a broken table left out by a lenient open included. @since 1.3 */
#define EF_LIVE_CATALOG_LINT_CLEAN 256u

/**
 * @brief Opens a live catalog on a catalog directory or compiled catalog file, and starts
 *        following it (see ef_live_catalog).
 *
 * The path's version now is opened as the first version, with the same rules as every later
 * one except the debounce (it is taken as it is); it must be good, or the open fails. The
 * debounce interval is `check_interval_ms`.
 *
 * @param[out] out                 Receives the live catalog (free with ef_live_catalog_free());
 *                                 NULL on failure.
 * @param[in]  path                Directory or compiled catalog file, UTF-8, as for
 *                                 ef_catalog_open(). Must not be NULL or empty. A relative
 *                                 path is made absolute against the working directory at open;
 *                                 its symbolic links are kept (followed at each check).
 * @param[in]  development_locale  As for ef_catalog_open(); NULL means "en" (a compiled file's own).
 * @param[in]  flags               EF_CATALOG_LENIENT or EF_CATALOG_STRICT, optionally with
 *                                 EF_CATALOG_MAPPED, EF_CATALOG_LOCALIZED_NUMBERS,
 *                                 EF_CATALOG_PSEUDO_LOCALES, EF_CATALOG_FAIL_ON_REJECTION and
 *                                 EF_LIVE_CATALOG_LINT_CLEAN. Each version is opened with them,
 *                                 as ef_catalog_open() opens a catalog: the ef_catalog *
 *                                 ef_live_catalog_current() returns formats as that catalog would.
 *                                 EF_CATALOG_ON_DEMAND is refused: a version is read whole when
 *                                 it is taken, so that no later change of the files reaches it.
 * @param[in]  check_interval_ms   How often the path is looked at, in milliseconds; 0: no thread,
 *                                 changes are taken only by ef_live_catalog_reload().
 * @param[out] err                 Optional error details.
 * @return EF_OK; EF_E_INVALID_ARGUMENT (NULL `out` or `path`, an empty `path`, unknown flags,
 *         EF_CATALOG_ON_DEMAND); EF_E_INVALID_UTF8; and why
 *         the first version is not good, as ef_catalog_open() fails: EF_E_NOT_FOUND, EF_E_IO
 *         (also: the path kept changing while it was read, or the thread could not be started),
 *         EF_E_INVALID_LOCALE, EF_E_PARSE
 *         (also: a catalog in which no table holds an entry; a lint error, under
 *         EF_LIVE_CATALOG_LINT_CLEAN, with its file and position).
 * @par Thread-safety: safe.
 * @since 1.3
 */
ef_status ef_live_catalog_open(ef_live_catalog **out, const char *path, const char *development_locale,
                               uint32_t flags, uint32_t check_interval_ms, ef_error_details **err);

/**
 * @brief ef_live_catalog_open() with a debounce interval of its own: how long the catalog's
 *        files must have been left alone before a change is opened.
 *
 * A longer debounce than the check interval suits files copied slowly (a large directory
 * synchronized file by file); a shorter one suits files replaced atomically (a rename, a
 * symbolic link swapped), which are whole as soon as they appear.
 *
 * @param[in] debounce_ms  In milliseconds (below 20 counts as 20). The other parameters and
 *                         the statuses are ef_live_catalog_open()'s.
 * @par Thread-safety: safe.
 * @since 1.3
 */
ef_status ef_live_catalog_open_with_debounce(ef_live_catalog **out, const char *path,
                                             const char *development_locale, uint32_t flags,
                                             uint32_t check_interval_ms, uint32_t debounce_ms,
                                             ef_error_details **err);

/**
 * @brief The newest good version, as a catalog reference the caller frees with ef_catalog_free().
 *
 * Every function taking a `const ef_catalog *` works on it; strings borrowed from it (names,
 * diagnostics, ef_catalog_text()) live until it is freed. Two calls may return the same version
 * (two references to it: each is freed once) or, across a change, different ones.
 *
 * @param[in] live  The live catalog. NULL gives NULL.
 * @return A new reference, never NULL for a live catalog.
 * @par Thread-safety: safe, and never waits: no lock, no I/O; one atomic operation names the
 *      version served and takes the reference, so a reload replacing it at that moment cannot
 *      free it in between.
 * @since 1.3
 */
ef_catalog *ef_live_catalog_current(const ef_live_catalog *live);

/**
 * @brief Looks at the path now and serves what is there if it is a good version, without waiting
 *        for it to be quiet.
 *
 * Call it when you know a change is complete (after a deployment's last step, on SIGHUP), or,
 * with a check interval of 0, whenever the program decides to check. Looks again (up to three
 * times) when the path changes while it is read.
 *
 * @param[in]  live  The live catalog. Must not be NULL.
 * @param[out] err   Optional error details: why the version was refused.
 * @return EF_OK (the version served is the newest state of the path: it was unchanged, or the
 *         new version was taken); EF_E_INVALID_ARGUMENT (NULL `live`); otherwise the refusal,
 *         as ef_live_catalog_last_error() then reports it: EF_E_NOT_FOUND (the path is gone),
 *         EF_E_IO, EF_E_PARSE, EF_E_INVALID_LOCALE. The version served stays.
 * @par Thread-safety: safe; waits for a check in progress on the library's thread, if any.
 *      Readers of ef_live_catalog_current() never wait for it.
 * @since 1.3
 */
ef_status ef_live_catalog_reload(ef_live_catalog *live, ef_error_details **err);

/**
 * @brief How many versions were served: 1 for the first, one more for each version taken since.
 *        0 if `live` is NULL.
 * @par Thread-safety: safe; never waits.
 * @since 1.3
 */
uint64_t ef_live_catalog_generation(const ef_live_catalog *live);

/**
 * @brief Why the newest state of the path is not the version served.
 *
 * Unlike other functions, the status returned describes the live catalog, not the call: the
 * refusal of the last change (EF_E_NOT_FOUND for a path deleted, EF_E_PARSE for a broken table,
 * an empty catalog or a lint error, EF_E_IO, EF_E_INVALID_LOCALE), kept until a version is taken
 * or the path comes back to the version served.
 *
 * @param[in]  live  The live catalog. NULL gives EF_E_INVALID_ARGUMENT (and `*out` NULL).
 * @param[out] out   Optional: receives the refusal's details (message; file, line and column
 *                   where a file is at fault), a new object freed with ef_error_details_free();
 *                   NULL when nothing is refused.
 * @return EF_OK when the version served is the newest state of the path; otherwise the status
 *         of the refusal.
 * @par Thread-safety: safe; never waits for a check in progress.
 * @since 1.3
 */
ef_status ef_live_catalog_last_error(const ef_live_catalog *live, ef_error_details **out);

/**
 * @brief Stops following the path and frees the live catalog. NULL is a no-op.
 *
 * Waits for a check in progress on the library's thread, if any, then ends the thread. Catalogs
 * taken from ef_live_catalog_current() stay valid until each is freed.
 * @since 1.3
 */
void ef_live_catalog_free(ef_live_catalog *live);

#ifdef __cplusplus
}
#endif

#endif /* ERRORFORMATTER_H */
