//! Raw declarations of liberrorformatter's C ABI (`include/errorformatter.h`), written by hand.
//!
//! Everything here is `unsafe` and exactly as the header declares it: the header is the
//! specification, and its documentation applies to each function (ownership of every returned
//! string, NULL handling, thread rules). `tests/header.rs` parses the header and this file and
//! fails if a function, a parameter type, a return type or a constant differs.
//!
//! Use the `errorformatter` crate for a safe API. This crate links `liberrorformatter`; its build
//! script finds it through `ERRORFORMATTER_LIB_DIR`, then `pkg-config errorformatter`, then the
//! linker's default paths.
#![no_std]
#![allow(non_camel_case_types)]

pub use core::ffi::{c_char, c_void};

// Opaque handles: never constructed in Rust, only pointed to. The marker makes them neither
// Send, Sync nor Unpin, so that a safe wrapper must state its thread rules itself.
macro_rules! opaque {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[repr(C)]
        pub struct $name {
            _private: [u8; 0],
            _marker: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
        }
    )*};
}

opaque! {
    /// Details of one failure (`ef_error_details_*`); freed with `ef_error_details_free`.
    ef_error_details;
    /// An immutable catalog; freed with `ef_catalog_free`.
    ef_catalog;
    /// A mutable in-memory catalog builder; freed with `ef_catalog_builder_free`.
    ef_catalog_builder;
    /// A mutable error description; freed with `ef_error_info_free`.
    ef_error_info;
    /// An immutable formatted error; freed with `ef_result_free`.
    ef_result;
    /// An immutable key lookup; freed with `ef_lookup_free`.
    ef_lookup;
    /// An immutable locale fallback chain; freed with `ef_locale_chain_free`.
    ef_locale_chain;
    /// An immutable list of locale preferences; freed with `ef_locale_list_free`.
    ef_locale_list;
    /// The immutable findings of a lint run; freed with `ef_lint_report_free`.
    ef_lint_report;
    /// A catalog that follows its path (since 1.3); freed with `ef_live_catalog_free`.
    ef_live_catalog;
}

/// Status code returned by every fallible function.
pub type ef_status = i32;

pub const EF_VERSION_MAJOR: u32 = 1;
pub const EF_VERSION_MINOR: u32 = 3;
pub const EF_VERSION_PATCH: u32 = 0;
pub const EF_VERSION_NUMBER: u32 = 10300;
pub const EF_VERSION_STRING: &str = "1.3.0";

pub const EF_OK: ef_status = 0;
pub const EF_E_INVALID_ARGUMENT: ef_status = 1;
pub const EF_E_INVALID_UTF8: ef_status = 2;
pub const EF_E_NOT_FOUND: ef_status = 3;
pub const EF_E_IO: ef_status = 4;
pub const EF_E_PARSE: ef_status = 5;
pub const EF_E_INVALID_LOCALE: ef_status = 6;
pub const EF_E_INTERNAL: ef_status = 7;
pub const EF_E_KEY_NOT_FOUND: ef_status = 8;
pub const EF_E_REJECTED: ef_status = 9;

pub const EF_CATALOG_LENIENT: u32 = 0;
pub const EF_CATALOG_STRICT: u32 = 1;
pub const EF_CATALOG_ON_DEMAND: u32 = 2;
pub const EF_CATALOG_MAPPED: u32 = 4;
pub const EF_CATALOG_LOCALIZED_NUMBERS: u32 = 8;
pub const EF_CATALOG_PSEUDO_LOCALES: u32 = 16;
pub const EF_CATALOG_FAIL_ON_REJECTION: u32 = 32;

pub const EF_NUMBERS_CATALOG: i32 = 0;
pub const EF_NUMBERS_C_LOCALE: i32 = 1;
pub const EF_NUMBERS_LOCALIZED: i32 = 2;

pub const EF_SEVERITY_ERROR: i32 = 0;
pub const EF_SEVERITY_WARNING: i32 = 1;
pub const EF_SEVERITY_NOTE: i32 = 2;

pub const EF_FIELD_TITLE: i32 = 0;
pub const EF_FIELD_MESSAGE: i32 = 1;
pub const EF_FIELD_BUTTON: i32 = 2;

pub const EF_CHAIN_ABSTRACT: i32 = 0;
pub const EF_CHAIN_BUNDLE: i32 = 1;
pub const EF_CHAIN_ALIAS: i32 = 2;

pub const EF_MINIMUM_STACK_BYTES: u32 = 131072;
pub const EF_MAX_TABLE_FILE_BYTES: u32 = 67108864;
pub const EF_MAX_LOCALIZATIONS: u32 = 1024;
pub const EF_MAX_TABLE_FILES: u32 = 16384;
pub const EF_MAX_DIRECTORY_ENTRIES: u32 = 65536;
pub const EF_MAX_PREFERENCES: u32 = 256;
pub const EF_MAX_PREFERENCE_BYTES: u32 = 16384;
pub const EF_MAX_KEY_BYTES: u32 = 65536;
pub const EF_MAX_LOCALE_BYTES: u32 = 100;
pub const EF_MAX_ACCEPT_LANGUAGE_BYTES: u32 = 4096;
pub const EF_MAX_ACCEPT_LANGUAGE_RANGES: u32 = 64;
pub const EF_MAX_ARGUMENTS: u32 = 1000;
pub const EF_DEFAULT_MEMO_BYTES: u32 = 8388608;
pub const EF_MAX_MEMO_BYTES: u32 = 1073741824;

// Positions in the packed outputs (docs/packed-format.md).
pub const EF_PACKED_HEADER: u32 = 0;
pub const EF_PACKED_TITLE: u32 = 1;
pub const EF_PACKED_MESSAGE: u32 = 2;
pub const EF_PACKED_BUTTON: u32 = 3;
pub const EF_PACKED_PROVENANCE: u32 = 4;
pub const EF_PACKED_PROVENANCE_ITEMS: u32 = 4;
pub const EF_PACKED_STACK: u32 = 16;
pub const EF_PACKED_REJECTION_ITEMS: u32 = 5;
pub const EF_PACKED_FORMAT_HEADER_NUMBERS: u32 = 6;
pub const EF_PACKED_LOOKUP_VALUE: u32 = 1;
pub const EF_PACKED_LOOKUP_LOCALE: u32 = 2;
pub const EF_PACKED_LOOKUP_TABLE: u32 = 3;
pub const EF_PACKED_LOOKUP_REJECTIONS: u32 = 4;
pub const EF_PACKED_LOOKUP_HEADER_NUMBERS: u32 = 2;
pub const EF_PACKED_DIAGNOSTIC_ITEMS: u32 = 5;
pub const EF_PACKED_DIAGNOSTIC_NUMBERS: u32 = 4;
pub const EF_PACKED_DIAGNOSTIC_CODE: u32 = 1;
pub const EF_PACKED_DIAGNOSTIC_MESSAGE: u32 = 2;
pub const EF_PACKED_DIAGNOSTIC_FILE: u32 = 3;
pub const EF_PACKED_DIAGNOSTIC_KEY: u32 = 4;
pub const EF_PACKED_DIAGNOSTIC_NULL_FILE: u32 = 1;
pub const EF_PACKED_DIAGNOSTIC_NULL_KEY: u32 = 2;
pub const EF_PACKED_DESCRIBE_HEADER_NUMBERS: u32 = 2;
pub const EF_PACKED_DESCRIBE_DEVELOPMENT_LOCALE: u32 = 1;
pub const EF_PACKED_DESCRIBE_LOCALIZATIONS: u32 = 2;
pub const EF_PACKED_LINT_HEADER_NUMBERS: u32 = 2;
pub const EF_PACKED_LINT_DIAGNOSTICS: u32 = 1;
pub const EF_PACKED_CHAIN_HEADER_NUMBERS: u32 = 2;
pub const EF_PACKED_CHAIN_NORMALIZED: u32 = 1;
pub const EF_PACKED_CHAIN_ENTRIES: u32 = 2;
pub const EF_PACKED_CHAIN_ENTRY_ITEMS: u32 = 2;
pub const EF_PACKED_LIST_HEADER_NUMBERS: u32 = 1;
pub const EF_PACKED_LIST_ENTRIES: u32 = 1;

/// The null mask's bit for `field`'s missing key (EF_PACKED_NULL_KEY).
pub const fn ef_packed_null_key(field: u32) -> u32 {
    1 << (3 * field)
}
/// The null mask's bit for `field`'s missing locale (EF_PACKED_NULL_LOCALE).
pub const fn ef_packed_null_locale(field: u32) -> u32 {
    1 << (3 * field + 1)
}
/// The null mask's bit for `field`'s missing table (EF_PACKED_NULL_TABLE).
pub const fn ef_packed_null_table(field: u32) -> u32 {
    1 << (3 * field + 2)
}

// In the header's order, so that the two read side by side.
extern "C" {
    // version
    pub fn ef_version_number() -> u32;
    pub fn ef_version_string() -> *const c_char;

    // status
    pub fn ef_status_name(status: ef_status) -> *const c_char;
    pub fn ef_status_string(status: ef_status) -> *const c_char;

    // error details
    pub fn ef_error_details_status(details: *const ef_error_details) -> ef_status;
    pub fn ef_error_details_message(details: *const ef_error_details) -> *const c_char;
    pub fn ef_error_details_file(details: *const ef_error_details) -> *const c_char;
    pub fn ef_error_details_line(details: *const ef_error_details) -> i32;
    pub fn ef_error_details_column(details: *const ef_error_details) -> i32;
    pub fn ef_error_details_free(details: *mut ef_error_details);

    // strings
    pub fn ef_string_free(string: *mut c_char);

    // catalog
    pub fn ef_catalog_open(
        out: *mut *mut ef_catalog,
        path: *const c_char,
        development_locale: *const c_char,
        flags: u32,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_catalog_open_with_memo_budget(
        out: *mut *mut ef_catalog,
        path: *const c_char,
        development_locale: *const c_char,
        flags: u32,
        memo_budget: usize,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_catalog_free(catalog: *mut ef_catalog);
    pub fn ef_catalog_localization_count(catalog: *const ef_catalog) -> usize;
    pub fn ef_catalog_localization_name(catalog: *const ef_catalog, index: usize) -> *const c_char;
    pub fn ef_catalog_development_locale(catalog: *const ef_catalog) -> *const c_char;
    pub fn ef_catalog_diagnostic_count(catalog: *const ef_catalog) -> usize;
    pub fn ef_catalog_diagnostic_severity(catalog: *const ef_catalog, index: usize) -> i32;
    pub fn ef_catalog_diagnostic_code(catalog: *const ef_catalog, index: usize) -> *const c_char;
    pub fn ef_catalog_diagnostic_message(catalog: *const ef_catalog, index: usize) -> *const c_char;
    pub fn ef_catalog_diagnostic_file(catalog: *const ef_catalog, index: usize) -> *const c_char;
    pub fn ef_catalog_diagnostic_line(catalog: *const ef_catalog, index: usize) -> i32;
    pub fn ef_catalog_diagnostic_column(catalog: *const ef_catalog, index: usize) -> i32;
    pub fn ef_catalog_describe_packed(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        catalog: *const ef_catalog,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_catalog_compile(
        catalog: *const ef_catalog,
        path: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;

    // catalog builder
    pub fn ef_catalog_builder_new(
        out: *mut *mut ef_catalog_builder,
        flags: u32,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_catalog_builder_add_table(
        builder: *mut ef_catalog_builder,
        locale: *const c_char,
        file_name: *const c_char,
        bytes: *const c_void,
        length: usize,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_catalog_builder_finish(
        out: *mut *mut ef_catalog,
        builder: *const ef_catalog_builder,
        development_locale: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_catalog_builder_free(builder: *mut ef_catalog_builder);

    // error info
    pub fn ef_error_info_new(
        out: *mut *mut ef_error_info,
        domain: *const c_char,
        code: i64,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_error_info_set_description(
        info: *mut ef_error_info,
        text: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_error_info_set_failure_reason(
        info: *mut ef_error_info,
        text: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_error_info_set_recovery_suggestion(
        info: *mut ef_error_info,
        text: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_error_info_set_table(
        info: *mut ef_error_info,
        table: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_error_info_set_number_style(
        info: *mut ef_error_info,
        style: i32,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_error_info_add_string(
        info: *mut ef_error_info,
        value: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_error_info_add_int64(info: *mut ef_error_info, value: i64, err: *mut *mut ef_error_details) -> ef_status;
    pub fn ef_error_info_add_uint64(info: *mut ef_error_info, value: u64, err: *mut *mut ef_error_details)
        -> ef_status;
    pub fn ef_error_info_add_double(info: *mut ef_error_info, value: f64, err: *mut *mut ef_error_details)
        -> ef_status;
    pub fn ef_error_info_clear_arguments(info: *mut ef_error_info, err: *mut *mut ef_error_details) -> ef_status;
    pub fn ef_error_info_argument_count(info: *const ef_error_info) -> usize;
    pub fn ef_error_info_free(info: *mut ef_error_info);

    // formatting
    pub fn ef_format(
        out: *mut *mut ef_result,
        catalog: *const ef_catalog,
        info: *const ef_error_info,
        locales: *const *const c_char,
        locale_count: usize,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_result_title(result: *const ef_result) -> *const c_char;
    pub fn ef_result_message(result: *const ef_result) -> *const c_char;
    pub fn ef_result_button(result: *const ef_result) -> *const c_char;
    pub fn ef_result_rule(result: *const ef_result, field: i32) -> *const c_char;
    pub fn ef_result_key(result: *const ef_result, field: i32) -> *const c_char;
    pub fn ef_result_locale(result: *const ef_result, field: i32) -> *const c_char;
    pub fn ef_result_table(result: *const ef_result, field: i32) -> *const c_char;
    pub fn ef_result_stack_count(result: *const ef_result) -> usize;
    pub fn ef_result_stack_entry(result: *const ef_result, index: usize) -> *const c_char;
    pub fn ef_result_rejection_count(result: *const ef_result, field: i32) -> usize;
    pub fn ef_result_rejection(result: *const ef_result, field: i32, index: usize) -> *const c_char;
    pub fn ef_result_strings(result: *const ef_result, out: *mut *const c_char, capacity: usize) -> usize;
    pub fn ef_result_free(result: *mut ef_result);
    pub fn ef_format_packed(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        catalog: *const ef_catalog,
        domain: *const c_char,
        code: i64,
        description: *const c_char,
        failure_reason: *const c_char,
        recovery_suggestion: *const c_char,
        table: *const c_char,
        arguments: *const ef_error_info,
        locales: *const *const c_char,
        locale_count: usize,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    /// Since 1.3.
    pub fn ef_format_packed_reusable(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        out_reusable: *mut i32,
        catalog: *const ef_catalog,
        request: *const c_char,
        request_length: usize,
        locales: *const *const c_char,
        locale_count: usize,
        err: *mut *mut ef_error_details,
    ) -> ef_status;

    // lookup
    pub fn ef_catalog_lookup(
        out: *mut *mut ef_lookup,
        catalog: *const ef_catalog,
        table: *const c_char,
        key: *const c_char,
        locales: *const *const c_char,
        locale_count: usize,
        arguments: *const ef_error_info,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_lookup_value(lookup: *const ef_lookup) -> *const c_char;
    pub fn ef_lookup_locale(lookup: *const ef_lookup) -> *const c_char;
    pub fn ef_lookup_table(lookup: *const ef_lookup) -> *const c_char;
    pub fn ef_lookup_rejection_count(lookup: *const ef_lookup) -> usize;
    pub fn ef_lookup_rejection(lookup: *const ef_lookup, index: usize) -> *const c_char;
    pub fn ef_lookup_free(lookup: *mut ef_lookup);
    pub fn ef_catalog_text(
        out: *mut *const c_char,
        catalog: *const ef_catalog,
        table: *const c_char,
        key: *const c_char,
        locales: *const *const c_char,
        locale_count: usize,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_catalog_lookup_packed(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        catalog: *const ef_catalog,
        table: *const c_char,
        key: *const c_char,
        locales: *const *const c_char,
        locale_count: usize,
        arguments: *const ef_error_info,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_catalog_lookup_packed_v2(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        catalog: *const ef_catalog,
        table: *const c_char,
        key: *const c_char,
        locales: *const *const c_char,
        locale_count: usize,
        arguments: *const ef_error_info,
        err: *mut *mut ef_error_details,
    ) -> ef_status;

    // locales
    pub fn ef_locale_normalize(
        out: *mut *mut c_char,
        out_untranslated: *mut i32,
        locale: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_locale_chain_new(
        out: *mut *mut ef_locale_chain,
        locale: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_locale_chain_normalized(chain: *const ef_locale_chain) -> *const c_char;
    pub fn ef_locale_chain_untranslated(chain: *const ef_locale_chain) -> i32;
    pub fn ef_locale_chain_count(chain: *const ef_locale_chain) -> usize;
    pub fn ef_locale_chain_id(chain: *const ef_locale_chain, index: usize) -> *const c_char;
    pub fn ef_locale_chain_kind(chain: *const ef_locale_chain, index: usize) -> i32;
    pub fn ef_locale_chain_packed(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        chain: *const ef_locale_chain,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_locale_chain_free(chain: *mut ef_locale_chain);
    pub fn ef_locale_list_from_environment(out: *mut *mut ef_locale_list, err: *mut *mut ef_error_details)
        -> ef_status;
    pub fn ef_locale_list_from_accept_language(
        out: *mut *mut ef_locale_list,
        header: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_locale_list_count(list: *const ef_locale_list) -> usize;
    pub fn ef_locale_list_entry(list: *const ef_locale_list, index: usize) -> *const c_char;
    pub fn ef_locale_list_packed(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        list: *const ef_locale_list,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_locale_list_free(list: *mut ef_locale_list);

    // lint
    pub fn ef_lint_paths(
        out: *mut *mut ef_lint_report,
        paths: *const *const c_char,
        path_count: usize,
        development_locale: *const c_char,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_lint_catalog(
        out: *mut *mut ef_lint_report,
        catalog: *const ef_catalog,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_lint_report_free(report: *mut ef_lint_report);
    pub fn ef_lint_file_count(report: *const ef_lint_report) -> usize;
    pub fn ef_lint_diagnostic_count(report: *const ef_lint_report) -> usize;
    pub fn ef_lint_diagnostic_severity(report: *const ef_lint_report, index: usize) -> i32;
    pub fn ef_lint_diagnostic_code(report: *const ef_lint_report, index: usize) -> *const c_char;
    pub fn ef_lint_diagnostic_message(report: *const ef_lint_report, index: usize) -> *const c_char;
    pub fn ef_lint_diagnostic_file(report: *const ef_lint_report, index: usize) -> *const c_char;
    pub fn ef_lint_diagnostic_key(report: *const ef_lint_report, index: usize) -> *const c_char;
    pub fn ef_lint_diagnostic_line(report: *const ef_lint_report, index: usize) -> i32;
    pub fn ef_lint_diagnostic_column(report: *const ef_lint_report, index: usize) -> i32;
    pub fn ef_lint_report_packed(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        report: *const ef_lint_report,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_format_problem(
        out_length: *mut usize,
        buffer: *mut c_char,
        capacity: usize,
        catalog: *const ef_catalog,
        info: *const ef_error_info,
        accept_language: *const c_char,
        locales: *const *const c_char,
        locale_count: usize,
        status: i32,
        type_template: *const c_char,
        instance: *const c_char,
        flags: u32,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    // The live catalog (since 1.3).
    pub fn ef_live_catalog_open(
        out: *mut *mut ef_live_catalog,
        path: *const c_char,
        development_locale: *const c_char,
        flags: u32,
        check_interval_ms: u32,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_live_catalog_open_with_debounce(
        out: *mut *mut ef_live_catalog,
        path: *const c_char,
        development_locale: *const c_char,
        flags: u32,
        check_interval_ms: u32,
        debounce_ms: u32,
        err: *mut *mut ef_error_details,
    ) -> ef_status;
    pub fn ef_live_catalog_current(live: *const ef_live_catalog) -> *mut ef_catalog;
    pub fn ef_live_catalog_reload(live: *mut ef_live_catalog, err: *mut *mut ef_error_details) -> ef_status;
    pub fn ef_live_catalog_generation(live: *const ef_live_catalog) -> u64;
    pub fn ef_live_catalog_last_error(live: *const ef_live_catalog, out: *mut *mut ef_error_details) -> ef_status;
    pub fn ef_live_catalog_free(live: *mut ef_live_catalog);
}

/// `ef_live_catalog_open` only: refuse a version in which lint finds an error. Since 1.3.
pub const EF_LIVE_CATALOG_LINT_CLEAN: u32 = 256;

// Problem responses (library 1.3): ef_format_problem()'s layout and flags.

/// Numbers in a problem response's header item: the status, the number of header fields.
pub const EF_PROBLEM_HEADER_NUMBERS: u32 = 2;
/// The first header field's name in a problem response; its value follows it.
pub const EF_PROBLEM_FIELDS: u32 = 1;
/// Flag: the body's "code" member.
pub const EF_PROBLEM_CODE: u32 = 1;
/// Flag: the body's "domain" member.
pub const EF_PROBLEM_DOMAIN: u32 = 2;
/// Flag: the body's "button" member.
pub const EF_PROBLEM_BUTTON: u32 = 4;
