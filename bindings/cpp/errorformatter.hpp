/*
 * errorformatter.hpp -- the C++17 binding of liberrorformatter, header-only.
 *
 * A thin layer over include/errorformatter.h (the specification: every behaviour below is the C
 * function's, and its documentation applies):
 *
 *   - every handle is owned by one RAII class (a std::unique_ptr with that handle's deleter), so
 *     nothing leaks on any path, exceptions included; classes are movable, not copyable;
 *   - strings go in as std::string_view and come out as std::string. The C API reads
 *     NUL-terminated strings, so every view is copied into a std::string first, and a view with
 *     a NUL byte inside is refused (EF_E_INVALID_ARGUMENT) instead of being cut short silently;
 *   - a failure throws errorformatter::Error, carrying the status, message, file, line and
 *     column of the C error details. Every call that makes a handle or a result (open, finish,
 *     format, lookup, add_table, the ErrorInfo, CatalogBuilder and LocaleChain constructors,
 *     normalize_locale, the preferences) has a noexcept `try_` form that returns the ef_status
 *     instead and fills an optional errorformatter::Failure; ErrorInfo's setters only throw;
 *   - locale chains, a catalog's diagnostics and its localizations are ranges (begin/end, size,
 *     operator[]) read from the handle on demand.
 *
 * Thread safety is the C API's: a Catalog (and LocaleChain) is immutable, and its const member
 * functions may run concurrently from any number of threads; a CatalogBuilder or ErrorInfo must
 * not be modified by one thread while another uses it; a handle must not be destroyed (or moved
 * from) while another thread uses it.
 *
 * Link with -lerrorformatter (pkg-config --cflags --libs errorformatter).
 */
#ifndef ERRORFORMATTER_HPP
#define ERRORFORMATTER_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "errorformatter.h"

namespace errorformatter {

/** The ef_status of a call: EF_OK or one of the EF_E_* codes of errorformatter.h. */
using Status = ef_status;

/** The version of the library actually loaded ("1.3.0"); compare with EF_VERSION_STRING. */
inline std::string version_string() { return ef_version_string(); }

/** The version of the library actually loaded, as EF_VERSION_NUMBER spells it. */
inline std::uint32_t version_number() noexcept { return ef_version_number(); }

/** The macro name of a status, e.g. "EF_E_PARSE". */
inline std::string status_name(Status status) { return ef_status_name(status); }

/** A one-line English description of a status. */
inline std::string status_string(Status status) { return ef_status_string(status); }

// ------------------------------------------------------------------------------------ errors

/** What went wrong in a failed call: the C API's error details, copied. */
struct Failure {
    Status status = EF_OK;
    std::string message;
    /** The file at fault, if a file is at fault. */
    std::optional<std::string> file;
    /** 1-based line and column (Unicode scalar values) in `file`; 0 if unknown. */
    std::int32_t line = 0;
    std::int32_t column = 0;
};

/** The exception every throwing call raises: a Failure, with `what()` as
 *  "file:line:column: message" (or just the message when no file is at fault). */
class Error : public std::runtime_error {
public:
    explicit Error(Failure failure)
        : std::runtime_error(describe(failure)), failure_(std::move(failure)) {}

    Status status() const noexcept { return failure_.status; }
    /** The status's macro name, e.g. "EF_E_NOT_FOUND". */
    std::string status_name() const { return ef_status_name(failure_.status); }
    const std::string &message() const noexcept { return failure_.message; }
    const std::optional<std::string> &file() const noexcept { return failure_.file; }
    std::int32_t line() const noexcept { return failure_.line; }
    std::int32_t column() const noexcept { return failure_.column; }
    const Failure &failure() const noexcept { return failure_; }

private:
    static std::string describe(const Failure &failure) {
        if (!failure.file)
            return failure.message;
        std::string text = *failure.file;
        if (failure.line > 0) {
            text += ':' + std::to_string(failure.line);
            if (failure.column > 0)
                text += ':' + std::to_string(failure.column);
        }
        return text + ": " + failure.message;
    }

    Failure failure_;
};

namespace detail {

/** One deleter per handle type: the handle's own *_free function. */
template <typename Handle, void (*Free)(Handle *)> struct Deleter {
    void operator()(Handle *handle) const noexcept { Free(handle); }
};

using CatalogDeleter = Deleter<ef_catalog, ef_catalog_free>;
using CatalogBuilderDeleter = Deleter<ef_catalog_builder, ef_catalog_builder_free>;
using ErrorInfoDeleter = Deleter<ef_error_info, ef_error_info_free>;
using ResultDeleter = Deleter<ef_result, ef_result_free>;
using LookupDeleter = Deleter<ef_lookup, ef_lookup_free>;
using LocaleChainDeleter = Deleter<ef_locale_chain, ef_locale_chain_free>;
using LocaleListDeleter = Deleter<ef_locale_list, ef_locale_list_free>;
using ErrorDetailsDeleter = Deleter<ef_error_details, ef_error_details_free>;
using StringDeleter = Deleter<char, ef_string_free>;

/** Error details as the C API returns them, freed on every path. */
using DetailsPointer = std::unique_ptr<ef_error_details, ErrorDetailsDeleter>;

/** A borrowed C string as std::string; NULL as "". */
inline std::string copy(const char *text) { return text != nullptr ? std::string(text) : std::string(); }

/** A borrowed C string as std::optional<std::string>; NULL as nullopt. */
inline std::optional<std::string> copy_optional(const char *text) {
    if (text == nullptr)
        return std::nullopt;
    return std::string(text);
}

/** The status of a call that could not be made, for the try_ forms. */
inline Status fail(Failure *failure, Status status, const char *message) noexcept {
    if (failure != nullptr) {
        // Assigning short literals can still throw bad_alloc; then the message stays empty.
        try {
            *failure = Failure{status, message, std::nullopt, 0, 0};
        } catch (...) {
            failure->status = status;
        }
    }
    return status;
}

/** Copies C error details into `failure` (if not NULL); returns `status`. */
inline Status report(Status status, const ef_error_details *details, Failure *failure) noexcept {
    if (failure == nullptr || status == EF_OK)
        return status;
    try {
        *failure = Failure{status, copy(ef_error_details_message(details)),
                           copy_optional(ef_error_details_file(details)),
                           ef_error_details_line(details), ef_error_details_column(details)};
        if (details == nullptr)
            failure->message = ef_status_string(status);
    } catch (...) {
        failure->status = status;
    }
    return status;
}

/** Runs `body` (which returns a Status and may throw bad_alloc) for a noexcept try_ form. */
template <typename Body> Status guarded(Failure *failure, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc &) {
        return fail(failure, EF_E_INTERNAL, "out of memory in the C++ binding");
    } catch (const Error &error) {
        if (failure != nullptr) {
            try {
                *failure = error.failure();
            } catch (...) {
                failure->status = error.status();
            }
        }
        return error.status();
    } catch (...) {
        return fail(failure, EF_E_INTERNAL, "unexpected exception in the C++ binding");
    }
}

/** Throws the Error a try_ form reported. */
inline void check(Status status, Failure &failure) {
    if (status != EF_OK)
        throw Error(std::move(failure));
}

/** A NUL-terminated copy of a string_view for the C API. A NUL inside the view would end the
 *  string early, silently: it is refused instead. */
class CString {
public:
    CString(std::string_view text, const char *what) : text_(text) {
        if (text_.find('\0') != std::string::npos)
            throw Error(Failure{EF_E_INVALID_ARGUMENT, std::string(what) + " contains a NUL byte",
                                std::nullopt, 0, 0});
    }
    const char *c_str() const noexcept { return text_.c_str(); }

private:
    std::string text_;
};

/** An optional string for the C API: nullopt is NULL. (A flag and a string rather than a
 *  std::optional<CString>: GCC 12 warns, wrongly, that the optional's string may be used
 *  uninitialized, which -Werror makes an error.) */
class OptionalCString {
public:
    OptionalCString(std::optional<std::string_view> text, const char *what) : present_(text.has_value()) {
        if (text && text->find('\0') != std::string_view::npos)
            throw Error(Failure{EF_E_INVALID_ARGUMENT, std::string(what) + " contains a NUL byte",
                                std::nullopt, 0, 0});
        if (text)
            text_.assign(text->data(), text->size());
    }
    const char *c_str() const noexcept { return present_ ? text_.c_str() : nullptr; }

private:
    bool present_;
    std::string text_;
};

/**
 * A read-only range over entries `0 ..< count` of a handle, each made by `Read(handle, index)`
 * when the iterator is dereferenced. Valid while the handle lives.
 */
template <typename Handle, typename Element, std::size_t (*Count)(const Handle *),
          Element (*Read)(const Handle *, std::size_t)>
class IndexedRange {
public:
    class iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = Element;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = Element;

        iterator() = default;
        iterator(const Handle *handle, std::size_t index) : handle_(handle), index_(index) {}

        Element operator*() const { return Read(handle_, index_); }
        Element operator[](difference_type offset) const {
            return Read(handle_, index_ + static_cast<std::size_t>(offset));
        }
        iterator &operator++() { ++index_; return *this; }
        iterator operator++(int) { iterator old = *this; ++index_; return old; }
        iterator &operator--() { --index_; return *this; }
        iterator operator--(int) { iterator old = *this; --index_; return old; }
        iterator &operator+=(difference_type offset) {
            index_ += static_cast<std::size_t>(offset);
            return *this;
        }
        iterator &operator-=(difference_type offset) {
            index_ -= static_cast<std::size_t>(offset);
            return *this;
        }
        friend iterator operator+(iterator it, difference_type offset) { return it += offset; }
        friend iterator operator+(difference_type offset, iterator it) { return it += offset; }
        friend iterator operator-(iterator it, difference_type offset) { return it -= offset; }
        friend difference_type operator-(const iterator &a, const iterator &b) {
            return static_cast<difference_type>(a.index_) - static_cast<difference_type>(b.index_);
        }
        friend bool operator==(const iterator &a, const iterator &b) { return a.index_ == b.index_; }
        friend bool operator!=(const iterator &a, const iterator &b) { return a.index_ != b.index_; }
        friend bool operator<(const iterator &a, const iterator &b) { return a.index_ < b.index_; }
        friend bool operator>(const iterator &a, const iterator &b) { return a.index_ > b.index_; }
        friend bool operator<=(const iterator &a, const iterator &b) { return a.index_ <= b.index_; }
        friend bool operator>=(const iterator &a, const iterator &b) { return a.index_ >= b.index_; }

    private:
        const Handle *handle_ = nullptr;
        std::size_t index_ = 0;
    };
    using const_iterator = iterator;
    using value_type = Element;
    using size_type = std::size_t;

    explicit IndexedRange(const Handle *handle) : handle_(handle), count_(Count(handle)) {}

    iterator begin() const { return iterator(handle_, 0); }
    iterator end() const { return iterator(handle_, count_); }
    size_type size() const noexcept { return count_; }
    bool empty() const noexcept { return count_ == 0; }
    /** Entry `index`; throws std::out_of_range past the end (the C getter would return NULL). */
    Element at(size_type index) const {
        if (index >= count_)
            throw std::out_of_range("errorformatter: index out of range");
        return Read(handle_, index);
    }
    Element operator[](size_type index) const { return at(index); }

private:
    const Handle *handle_;
    size_type count_;
};

} // namespace detail

// ------------------------------------------------------------------------------------ values

/** Severity of a catalog diagnostic (EF_SEVERITY_*). */
enum class Severity : std::int32_t {
    error = EF_SEVERITY_ERROR,
    warning = EF_SEVERITY_WARNING,
    note = EF_SEVERITY_NOTE,
};

/** A problem found while loading a catalog (duplicate key, broken file left out, ...). */
struct Diagnostic {
    Severity severity = Severity::error;
    /** Stable kebab-case code, e.g. "duplicate-key". */
    std::string code;
    std::string message;
    /** The file, relative to the catalog root; nullopt if none. */
    std::optional<std::string> file;
    std::int32_t line = 0;
    std::int32_t column = 0;
};

/** Kind of a locale chain entry (EF_CHAIN_*). */
enum class ChainKind : std::int32_t {
    abstract = EF_CHAIN_ABSTRACT,
    bundle = EF_CHAIN_BUNDLE,
    alias = EF_CHAIN_ALIAS,
};

/** One entry of a locale's fallback chain: its ICU ID and kind. */
struct ChainEntry {
    std::string id;
    ChainKind kind = ChainKind::abstract;
};

/** The fields of a formatted error (EF_FIELD_*), to index FormattedError::provenance. */
enum class Field : std::int32_t {
    title = EF_FIELD_TITLE,
    message = EF_FIELD_MESSAGE,
    button = EF_FIELD_BUTTON,
};

/** Where one field of a formatted error came from. */
struct Provenance {
    /** code-key, domain-key, generic-key, button-key, failure-reason, recovery-suggestion,
     *  description, builtin or empty. */
    std::string rule;
    /** The key, localization ("" for an unlocalized table) and table the string came from;
     *  nullopt unless the rule read a key. */
    std::optional<std::string> key;
    std::optional<std::string> locale;
    std::optional<std::string> table;
    /** Table strings found for the field but not shown, because the arguments could not
     *  satisfy them, in the order tried (ef_result_rejection's one-line messages). */
    std::vector<std::string> rejections;
};

/** A localized title, message and button label, with the provenance of each: a plain value,
 *  copied out of the C result (which is freed before ef_format's wrapper returns). */
struct FormattedError {
    std::string title;
    std::string message;
    std::string button;
    /** The localizations searched, most specific first ("" for the unlocalized tables). */
    std::vector<std::string> stack;
    /** Indexed by Field: provenance[static_cast<std::size_t>(Field::title)], or use of(). */
    std::array<Provenance, 3> provenance;

    const Provenance &of(Field field) const { return provenance.at(static_cast<std::size_t>(field)); }
    const std::string &text(Field field) const {
        return field == Field::title ? title : field == Field::message ? message : button;
    }
};

/** A value looked up by key: `value` is nullopt when no localization has a usable one (the C
 *  call's EF_E_KEY_NOT_FOUND, which is an answer here, not an Error). */
struct LookupResult {
    std::optional<std::string> value;
    /** The localization that supplied the value ("" for an unlocalized table); nullopt if none. */
    std::optional<std::string> locale;
    std::string table;
    std::vector<std::string> rejections;
};

// ------------------------------------------------------------------------------ locale lists

/**
 * Preferred locales, most preferred first, as the C API takes them: owned NUL-terminated copies
 * and the pointer array. Made from an initializer list or any range of things convertible to
 * std::string_view (std::vector<std::string>, std::array<const char *, N>...). An empty list
 * means the catalog's development locale. Throws Error (EF_E_INVALID_ARGUMENT) for a locale with
 * a NUL byte inside.
 */
class Locales {
public:
    Locales() = default;
    Locales(std::initializer_list<std::string_view> locales) { assign(locales); }
    template <typename Range,
              typename = std::enable_if_t<
                  !std::is_convertible_v<const Range &, std::string_view> &&
                  std::is_convertible_v<decltype(*std::begin(std::declval<const Range &>())),
                                        std::string_view>>>
    Locales(const Range &locales) { // NOLINT(google-explicit-constructor): lists read naturally
        assign(locales);
    }

    Locales(const Locales &other) { assign(other.storage_); }
    Locales &operator=(const Locales &other) {
        if (this != &other) {
            std::vector<std::string> copy = other.storage_;
            storage_ = std::move(copy);
            rebuild();
        }
        return *this;
    }
    // Moving a vector keeps its elements' buffers, so the pointers stay valid.
    Locales(Locales &&) noexcept = default;
    Locales &operator=(Locales &&) noexcept = default;

    const char *const *data() const noexcept { return pointers_.empty() ? nullptr : pointers_.data(); }
    std::size_t size() const noexcept { return pointers_.size(); }
    const std::vector<std::string> &strings() const noexcept { return storage_; }

private:
    template <typename Range> void assign(const Range &locales) {
        storage_.clear();
        for (const auto &locale : locales) {
            std::string_view text(locale);
            if (text.find('\0') != std::string_view::npos)
                throw Error(Failure{EF_E_INVALID_ARGUMENT, "a locale contains a NUL byte",
                                    std::nullopt, 0, 0});
            storage_.emplace_back(text);
        }
        rebuild();
    }
    void rebuild() {
        pointers_.clear();
        pointers_.reserve(storage_.size());
        for (const std::string &locale : storage_)
            pointers_.push_back(locale.c_str());
    }

    std::vector<std::string> storage_;
    std::vector<const char *> pointers_;
};

// ------------------------------------------------------------------------------- error info

/**
 * The error to format: domain, code, optional texts, table and positional arguments. A mutable
 * builder: not to be modified by one thread while another uses it.
 */
class ErrorInfo {
public:
    /** Throws Error (EF_E_INVALID_ARGUMENT, EF_E_INVALID_UTF8). */
    ErrorInfo(std::string_view domain, std::int64_t code) {
        Failure failure;
        detail::check(make(*this, domain, code, &failure), failure);
    }

    /** The noexcept form of the constructor. */
    static Status try_make(ErrorInfo &out, std::string_view domain, std::int64_t code,
                           Failure *failure = nullptr) noexcept {
        return make(out, domain, code, failure);
    }

    /** The error's localized description (message rule 3); nullopt clears it. */
    ErrorInfo &set_description(std::optional<std::string_view> text) {
        return set(ef_error_info_set_description, text, "description");
    }
    /** The failure reason (title rule 2); nullopt clears it. */
    ErrorInfo &set_failure_reason(std::optional<std::string_view> text) {
        return set(ef_error_info_set_failure_reason, text, "failure reason");
    }
    /** The recovery suggestion (message rule 2); nullopt clears it. */
    ErrorInfo &set_recovery_suggestion(std::optional<std::string_view> text) {
        return set(ef_error_info_set_recovery_suggestion, text, "recovery suggestion");
    }
    /** The table the rules read; nullopt restores "Localizable". A name with '/' is refused. */
    ErrorInfo &set_table(std::optional<std::string_view> table) {
        return set(ef_error_info_set_table, table, "table");
    }
    /** How format() writes this error's numbers (library 1.3): as the catalog says (the
     *  default), as C's printf does in the C locale, or for the locale of the text that shows
     *  them, as Foundation's String(format:locale:) does. */
    enum class NumberStyle : std::int32_t {
        catalog = EF_NUMBERS_CATALOG,
        c_locale = EF_NUMBERS_C_LOCALE,
        localized = EF_NUMBERS_LOCALIZED,
    };
    /** Sets how this error's numbers are written (ef_error_info_set_number_style). */
    ErrorInfo &set_number_style(NumberStyle style) {
        return call([&](ef_error_details **err) {
            return ef_error_info_set_number_style(get(), static_cast<std::int32_t>(style), err);
        });
    }

    /** Appends a string argument (for %@, %s). */
    ErrorInfo &add_string(std::string_view value) {
        detail::CString text(value, "argument");
        return call([&](ef_error_details **err) { return ef_error_info_add_string(get(), text.c_str(), err); });
    }
    /** Appends a signed integer argument (for %d, %lld, %@, plural variables). */
    ErrorInfo &add_int64(std::int64_t value) {
        return call([&](ef_error_details **err) { return ef_error_info_add_int64(get(), value, err); });
    }
    /** Appends an unsigned integer argument (for %u, %llu, %x). */
    ErrorInfo &add_uint64(std::uint64_t value) {
        return call([&](ef_error_details **err) { return ef_error_info_add_uint64(get(), value, err); });
    }
    /** Appends a floating-point argument (for %f, %e, %g, %@). */
    ErrorInfo &add_double(double value) {
        return call([&](ef_error_details **err) { return ef_error_info_add_double(get(), value, err); });
    }

    /** Appends an argument typed from its C++ type: strings, signed and unsigned integers,
     *  floating point. bool is refused at compile time (it is ambiguous: 1 or "true"?). */
    template <typename T> ErrorInfo &add(const T &value) {
        using Plain = std::decay_t<T>;
        static_assert(!std::is_same_v<Plain, bool>, "bool is ambiguous: pass an int or a string");
        if constexpr (std::is_convertible_v<const T &, std::string_view>) {
            return add_string(std::string_view(value));
        } else if constexpr (std::is_integral_v<Plain> && std::is_signed_v<Plain>) {
            return add_int64(static_cast<std::int64_t>(value));
        } else if constexpr (std::is_integral_v<Plain>) {
            return add_uint64(static_cast<std::uint64_t>(value));
        } else {
            static_assert(std::is_floating_point_v<Plain>,
                          "an argument is a string, an integer or a floating-point number");
            return add_double(static_cast<double>(value));
        }
    }

    /** Removes every argument. */
    ErrorInfo &clear_arguments() {
        return call([&](ef_error_details **err) { return ef_error_info_clear_arguments(get(), err); });
    }

    std::size_t argument_count() const noexcept { return ef_error_info_argument_count(get()); }

    /** An empty object, to receive try_make()'s result; every member function refuses it
     *  (EF_E_INVALID_ARGUMENT), as the C API refuses NULL. */
    ErrorInfo() = default;

    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /** The C handle, for calls this binding does not wrap. Owned by this object. */
    ef_error_info *get() const noexcept { return handle_.get(); }

private:

    static Status make(ErrorInfo &out, std::string_view domain, std::int64_t code,
                       Failure *failure) noexcept {
        return detail::guarded(failure, [&] {
            detail::CString text(domain, "domain");
            ef_error_info *handle = nullptr;
            ef_error_details *raw = nullptr;
            Status status = ef_error_info_new(&handle, text.c_str(), code, &raw);
            detail::DetailsPointer details(raw);
            if (status == EF_OK)
                out.handle_.reset(handle);
            return detail::report(status, details.get(), failure);
        });
    }

    template <typename Call> ErrorInfo &call(Call &&body) {
        ef_error_details *raw = nullptr;
        Status status = body(&raw);
        detail::DetailsPointer details(raw);
        Failure failure;
        detail::check(detail::report(status, details.get(), &failure), failure);
        return *this;
    }

    ErrorInfo &set(ef_status (*setter)(ef_error_info *, const char *, ef_error_details **),
                   std::optional<std::string_view> text, const char *what) {
        detail::OptionalCString value(text, what);
        return call([&](ef_error_details **err) { return setter(get(), value.c_str(), err); });
    }

    std::unique_ptr<ef_error_info, detail::ErrorInfoDeleter> handle_;
};

// ---------------------------------------------------------------------------------- catalog

namespace detail {
inline std::string catalog_localization(const ef_catalog *catalog, std::size_t index) {
    return copy(ef_catalog_localization_name(catalog, index));
}
inline Diagnostic catalog_diagnostic(const ef_catalog *catalog, std::size_t index) {
    return Diagnostic{static_cast<Severity>(ef_catalog_diagnostic_severity(catalog, index)),
                      copy(ef_catalog_diagnostic_code(catalog, index)),
                      copy(ef_catalog_diagnostic_message(catalog, index)),
                      copy_optional(ef_catalog_diagnostic_file(catalog, index)),
                      ef_catalog_diagnostic_line(catalog, index),
                      ef_catalog_diagnostic_column(catalog, index)};
}

/** Copies every string of a result, read in one call (ef_result_strings). */
inline FormattedError read_result(const ef_result *result) {
    constexpr std::size_t per_field = 5; // text, rule, key, locale, table
    std::vector<const char *> strings(64);
    std::size_t count = ef_result_strings(result, strings.data(), strings.size());
    if (count > strings.size()) {
        strings.resize(count);
        count = ef_result_strings(result, strings.data(), strings.size());
    }
    strings.resize(count);
    FormattedError formatted;
    // The list's shape is the header's; a shorter one (it cannot be) yields empty fields
    // rather than a read past the end.
    auto at = [&](std::size_t index) { return index < strings.size() ? strings[index] : nullptr; };
    std::string *texts[] = {&formatted.title, &formatted.message, &formatted.button};
    for (std::size_t field = 0; field < 3; field++) {
        *texts[field] = copy(at(field * per_field));
        Provenance &where = formatted.provenance[field];
        where.rule = copy(at(field * per_field + 1));
        where.key = copy_optional(at(field * per_field + 2));
        where.locale = copy_optional(at(field * per_field + 3));
        where.table = copy_optional(at(field * per_field + 4));
    }
    std::size_t position = 3 * per_field;
    for (; position < strings.size() && strings[position] != nullptr; position++)
        formatted.stack.emplace_back(strings[position]);
    position++;
    for (std::size_t field = 0; field < 3; field++) {
        for (; position < strings.size() && strings[position] != nullptr; position++)
            formatted.provenance[field].rejections.emplace_back(strings[position]);
        position++;
    }
    return formatted;
}

/* The EF_CATALOG_* flags of an open: `mode` (EF_CATALOG_LENIENT or EF_CATALOG_STRICT) and the
 * options a catalog and a live catalog share. */
inline std::uint32_t catalog_flags(std::uint32_t mode, bool mapped, bool localized_numbers, bool pseudo_locales,
                                   bool fail_on_rejection) noexcept {
    return mode | (mapped ? EF_CATALOG_MAPPED : 0u) | (localized_numbers ? EF_CATALOG_LOCALIZED_NUMBERS : 0u) |
           (pseudo_locales ? EF_CATALOG_PSEUDO_LOCALES : 0u) | (fail_on_rejection ? EF_CATALOG_FAIL_ON_REJECTION : 0u);
}
} // namespace detail

class CatalogBuilder;
class LiveCatalog;

/**
 * An immutable set of string tables in every localization. Its const member functions may be
 * called concurrently from any number of threads.
 */
class Catalog {
public:
    /** Flags of open() and CatalogBuilder (EF_CATALOG_*). */
    enum class Mode : std::uint32_t { lenient = EF_CATALOG_LENIENT, strict = EF_CATALOG_STRICT };

    /**
     * The options of open(path, options): the development locale, the mode, whether each
     * localization is read when first needed (EF_CATALOG_ON_DEMAND, library 1.2: the same
     * results, an open that costs only what is used; ignored in strict mode), and whether a
     * compiled catalog file is mapped (`mapped`, below). In C++17:
     * `Catalog::OpenOptions options; options.on_demand = true;`.
     */
    struct OpenOptions {
        std::optional<std::string_view> development_locale = std::nullopt;
        Mode mode = Mode::lenient;
        bool on_demand = false;
        /** Map a compiled catalog file read-only instead of reading it (EF_CATALOG_MAPPED,
         *  library 1.3; an older one refuses it with EF_E_INVALID_ARGUMENT): the same results,
         *  and every process that opens the file this way shares its pages, so use it when many
         *  processes open the same compiled file (pre-forked workers, for one). The caller
         *  promises that nobody truncates or rewrites the file in place while the catalog is
         *  open: a page cut off the file kills the process with SIGBUS. Replacing it by rename
         *  (what compile() and `errfmt compile` do) is safe: the catalog keeps the file it
         *  mapped, until it is destroyed. Ignored for a directory. */
        bool mapped = false;
        /** Write the numbers of formats (%lld, %.1f, plural operands) as Foundation's
         *  String(format:locale:) does for the locale of the text that shows them
         *  (EF_CATALOG_LOCALIZED_NUMBERS, library 1.3); an error may choose for itself
         *  (ErrorInfo::set_number_style). */
        bool localized_numbers = false;
        /** Serve the pseudo-locales en-XA, ar-XB and qps-ploc, made from the development texts,
         *  to preferences that name them (EF_CATALOG_PSEUDO_LOCALES, library 1.3): never reached
         *  by fallback, never listed. */
        bool pseudo_locales = false;
        /** Make a string the arguments cannot satisfy fail format() and lookup() with an Error
         *  of EF_E_REJECTED, the first rejection's description as its message, instead of
         *  showing the next string (EF_CATALOG_FAIL_ON_REJECTION, library 1.3): for development
         *  and tests, where a wrong argument type is a bug to see at once. */
        bool fail_on_rejection = false;
    };

    /** The localizations, sorted, as spelled on disk ("fr-CA", "Base"): a range of std::string. */
    using Localizations = detail::IndexedRange<ef_catalog, std::string, ef_catalog_localization_count,
                                               detail::catalog_localization>;
    /** The diagnostics recorded while loading: a range of Diagnostic. */
    using Diagnostics = detail::IndexedRange<ef_catalog, Diagnostic, ef_catalog_diagnostic_count,
                                             detail::catalog_diagnostic>;

    /**
     * Opens a catalog directory, or a compiled catalog file (compile(); library 1.2), with
     * ef_catalog_open. `development_locale` nullopt means "en" (for a compiled file: the one it
     * was compiled with). Throws Error: EF_E_NOT_FOUND, EF_E_IO, EF_E_INVALID_LOCALE, EF_E_PARSE
     * (strict mode, with the file, line and column; a broken compiled file), EF_E_INVALID_UTF8,
     * EF_E_INVALID_ARGUMENT.
     */
    static Catalog open(std::string_view path,
                        std::optional<std::string_view> development_locale = std::nullopt,
                        Mode mode = Mode::lenient) {
        Catalog catalog;
        Failure failure;
        detail::check(try_open(catalog, path, development_locale, mode, &failure), failure);
        return catalog;
    }

    /** open() with OpenOptions, e.g. to read each localization on demand. Throws as open().
     *  (A template only for OpenOptions, so that `open(path, {})` keeps naming the overload
     *  above: a braced list would otherwise fit both.) */
    template <typename Options, typename = std::enable_if_t<std::is_same_v<Options, OpenOptions>>>
    static Catalog open(std::string_view path, const Options &options) {
        Catalog catalog;
        Failure failure;
        detail::check(try_open(catalog, path, options, &failure), failure);
        return catalog;
    }

    /** The noexcept form of open(): `out` receives the catalog on EF_OK. */
    static Status try_open(Catalog &out, std::string_view path,
                           std::optional<std::string_view> development_locale = std::nullopt,
                           Mode mode = Mode::lenient, Failure *failure = nullptr) noexcept {
        return try_open(out, path, OpenOptions{development_locale, mode, false, false, false}, failure);
    }

    /** The noexcept form of open(path, options) (a template for the same reason). */
    template <typename Options, typename = std::enable_if_t<std::is_same_v<Options, OpenOptions>>>
    static Status try_open(Catalog &out, std::string_view path, const Options &options,
                           Failure *failure = nullptr) noexcept {
        return detail::guarded(failure, [&] {
            detail::CString directory(path, "path");
            detail::OptionalCString development(options.development_locale, "development locale");
            std::uint32_t flags =
                detail::catalog_flags(static_cast<std::uint32_t>(options.mode), options.mapped,
                                      options.localized_numbers, options.pseudo_locales, options.fail_on_rejection) |
                (options.on_demand ? EF_CATALOG_ON_DEMAND : 0u);
            ef_catalog *handle = nullptr;
            ef_error_details *raw = nullptr;
            Status status = ef_catalog_open(&handle, directory.c_str(), development.c_str(), flags, &raw);
            detail::DetailsPointer details(raw);
            if (status == EF_OK)
                out.handle_.reset(handle);
            return detail::report(status, details.get(), failure);
        });
    }

    /** An empty catalog object, to receive try_open()'s or try_finish()'s result. Such a
     *  catalog, or one moved from, is closed: format(), lookup() and compile() refuse it with
     *  EF_E_INVALID_ARGUMENT, "the catalog is closed" (what every binding says of a call after
     *  close, docs/conventions.md). */
    Catalog() = default;

    explicit operator bool() const noexcept { return handle_ != nullptr; }

    std::string development_locale() const { return ef_catalog_development_locale(get()); }
    // The ranges read the handle: they must not outlive the catalog. Asking a temporary
    // catalog for one (`Catalog::open(path).diagnostics()`) would dangle, so it does not compile.
    Localizations localizations() const & { return Localizations(get()); }
    Diagnostics diagnostics() const & { return Diagnostics(get()); }
    Localizations localizations() const && = delete;
    Diagnostics diagnostics() const && = delete;

    /**
     * Formats an error for the preferred locales (ef_format); an empty list means the
     * development locale, and malformed entries are skipped. Throws Error (EF_E_INVALID_UTF8,
     * EF_E_INVALID_ARGUMENT; EF_E_REJECTED when opened with fail_on_rejection).
     */
    FormattedError format(const ErrorInfo &error, const Locales &locales = {}) const {
        FormattedError formatted;
        Failure failure;
        detail::check(try_format(formatted, error, locales, &failure), failure);
        return formatted;
    }

    /** The noexcept form of format(). */
    Status try_format(FormattedError &out, const ErrorInfo &error, const Locales &locales = {},
                      Failure *failure = nullptr) const noexcept {
        if (!handle_)
            return detail::fail(failure, EF_E_INVALID_ARGUMENT, closed_message);
        return detail::guarded(failure, [&] {
            ef_result *handle = nullptr;
            ef_error_details *raw = nullptr;
            Status status = ef_format(&handle, get(), error.get(), locales.data(), locales.size(), &raw);
            std::unique_ptr<ef_result, detail::ResultDeleter> result(handle);
            detail::DetailsPointer details(raw);
            if (status == EF_OK)
                out = detail::read_result(result.get());
            return detail::report(status, details.get(), failure);
        });
    }

    /**
     * Looks up any key for the preferred locales and renders it with the arguments of
     * `arguments` (ef_catalog_lookup). A key with no usable value is not an error: the result's
     * `value` is nullopt (with the rejections, if any). `table` nullopt means "Localizable".
     */
    LookupResult lookup(std::string_view key, const Locales &locales = {},
                        std::optional<std::string_view> table = std::nullopt,
                        const ErrorInfo *arguments = nullptr) const {
        LookupResult found;
        Failure failure;
        detail::check(try_lookup(found, key, locales, table, arguments, &failure), failure);
        return found;
    }

    /** The noexcept form of lookup(); EF_E_KEY_NOT_FOUND counts as success (EF_OK). */
    Status try_lookup(LookupResult &out, std::string_view key, const Locales &locales = {},
                      std::optional<std::string_view> table = std::nullopt,
                      const ErrorInfo *arguments = nullptr, Failure *failure = nullptr) const noexcept {
        if (!handle_)
            return detail::fail(failure, EF_E_INVALID_ARGUMENT, closed_message);
        return detail::guarded(failure, [&] {
            detail::CString key_text(key, "key");
            detail::OptionalCString table_text(table, "table");
            ef_lookup *handle = nullptr;
            ef_error_details *raw = nullptr;
            Status status = ef_catalog_lookup(&handle, get(), table_text.c_str(), key_text.c_str(),
                                              locales.data(), locales.size(),
                                              arguments != nullptr ? arguments->get() : nullptr, &raw);
            std::unique_ptr<ef_lookup, detail::LookupDeleter> lookup(handle);
            detail::DetailsPointer details(raw);
            if (status == EF_E_KEY_NOT_FOUND && lookup != nullptr)
                status = EF_OK;
            if (status == EF_OK) {
                LookupResult found;
                found.value = detail::copy_optional(ef_lookup_value(lookup.get()));
                found.locale = detail::copy_optional(ef_lookup_locale(lookup.get()));
                found.table = detail::copy(ef_lookup_table(lookup.get()));
                for (std::size_t i = 0; i < ef_lookup_rejection_count(lookup.get()); i++)
                    found.rejections.push_back(detail::copy(ef_lookup_rejection(lookup.get(), i)));
                out = std::move(found);
            }
            return detail::report(status, details.get(), failure);
        });
    }

    /**
     * Writes the whole catalog to `path` as a compiled catalog file (ef_catalog_compile, library
     * 1.2), which open() reads with the same results, faster; the file is replaced whole.
     * Throws Error: EF_E_IO (the file cannot be written), EF_E_INVALID_ARGUMENT (an empty path,
     * an empty catalog object), EF_E_INVALID_UTF8.
     */
    void compile(std::string_view path) const {
        Failure failure;
        detail::check(try_compile(path, &failure), failure);
    }

    /** The noexcept form of compile(). */
    Status try_compile(std::string_view path, Failure *failure = nullptr) const noexcept {
        if (!handle_)
            return detail::fail(failure, EF_E_INVALID_ARGUMENT, closed_message);
        return detail::guarded(failure, [&] {
            detail::CString file(path, "path");
            ef_error_details *raw = nullptr;
            Status status = ef_catalog_compile(get(), file.c_str(), &raw);
            detail::DetailsPointer details(raw);
            return detail::report(status, details.get(), failure);
        });
    }

    /** The C handle, for calls this binding does not wrap. Owned by this object. */
    const ef_catalog *get() const noexcept { return handle_.get(); }

private:
    friend class CatalogBuilder;
    static constexpr const char *closed_message = "the catalog is closed";
    friend class LiveCatalog;
    std::unique_ptr<ef_catalog, detail::CatalogDeleter> handle_;
};

/**
 * Builds a catalog from tables held in memory. A mutable builder: not to be modified by one
 * thread while another uses it. It stays usable after finish().
 */
class CatalogBuilder {
public:
    /** Throws Error (EF_E_INVALID_ARGUMENT). */
    explicit CatalogBuilder(Catalog::Mode mode = Catalog::Mode::lenient) {
        Failure failure;
        detail::check(try_make(*this, mode, &failure), failure);
    }

    /** An object holding no builder, to receive try_make()'s result; every call refuses it. */
    explicit CatalogBuilder(std::nullptr_t) noexcept {}

    /** The noexcept form of the constructor: `out` receives a new, empty builder on EF_OK. */
    static Status try_make(CatalogBuilder &out, Catalog::Mode mode = Catalog::Mode::lenient,
                           Failure *failure = nullptr) noexcept {
        ef_catalog_builder *handle = nullptr;
        ef_error_details *raw = nullptr;
        Status status = ef_catalog_builder_new(&handle, static_cast<std::uint32_t>(mode), &raw);
        detail::DetailsPointer details(raw);
        if (status == EF_OK)
            out.handle_.reset(handle);
        return detail::report(status, details.get(), failure);
    }

    /**
     * Adds one table parsed from `bytes`, as if read from `<locale>.lproj/<file_name>`
     * (ef_catalog_builder_add_table); `locale` nullopt or "" is an unlocalized table. Throws
     * Error: EF_E_PARSE (strict builder, broken table: with line and column), EF_E_INVALID_LOCALE,
     * EF_E_INVALID_UTF8, EF_E_INVALID_ARGUMENT.
     */
    CatalogBuilder &add_table(std::optional<std::string_view> locale, std::string_view file_name,
                              std::string_view bytes) {
        Failure failure;
        detail::check(try_add_table(locale, file_name, bytes, &failure), failure);
        return *this;
    }

    /** The noexcept form of add_table(). */
    Status try_add_table(std::optional<std::string_view> locale, std::string_view file_name,
                         std::string_view bytes, Failure *failure = nullptr) noexcept {
        return detail::guarded(failure, [&] {
            detail::OptionalCString locale_text(locale, "locale");
            detail::CString name(file_name, "file name");
            ef_error_details *raw = nullptr;
            // The bytes are a buffer with a length, not a C string: NUL bytes are the table's.
            Status status = ef_catalog_builder_add_table(handle_.get(), locale_text.c_str(), name.c_str(),
                                                         bytes.data(), bytes.size(), &raw);
            detail::DetailsPointer details(raw);
            return detail::report(status, details.get(), failure);
        });
    }

    /** An immutable catalog of everything added so far; `development_locale` nullopt is "en". */
    Catalog finish(std::optional<std::string_view> development_locale = std::nullopt) const {
        Catalog catalog;
        Failure failure;
        detail::check(try_finish(catalog, development_locale, &failure), failure);
        return catalog;
    }

    /** The noexcept form of finish(). */
    Status try_finish(Catalog &out, std::optional<std::string_view> development_locale = std::nullopt,
                      Failure *failure = nullptr) const noexcept {
        return detail::guarded(failure, [&] {
            detail::OptionalCString development(development_locale, "development locale");
            ef_catalog *handle = nullptr;
            ef_error_details *raw = nullptr;
            Status status = ef_catalog_builder_finish(&handle, handle_.get(), development.c_str(), &raw);
            detail::DetailsPointer details(raw);
            if (status == EF_OK)
                out.handle_.reset(handle);
            return detail::report(status, details.get(), failure);
        });
    }

private:
    std::unique_ptr<ef_catalog_builder, detail::CatalogBuilderDeleter> handle_;
};

// ------------------------------------------------------------------------------------- lint

/** One finding of a lint run: a catalog diagnostic plus the table key it is about. */
struct LintDiagnostic {
    Severity severity = Severity::error;
    /** Stable kebab-case code, e.g. "format-mismatch" (docs/lint.md lists them). */
    std::string code;
    std::string message;
    /** The file, as the paths given name it; nullopt if none. */
    std::optional<std::string> file;
    /** The key the finding is about; nullopt if none. */
    std::optional<std::string> key;
    std::int32_t line = 0;
    std::int32_t column = 0;
};

namespace detail {
inline LintDiagnostic lint_finding(const ef_lint_report *report, std::size_t index) {
    return LintDiagnostic{static_cast<Severity>(ef_lint_diagnostic_severity(report, index)),
                          copy(ef_lint_diagnostic_code(report, index)),
                          copy(ef_lint_diagnostic_message(report, index)),
                          copy_optional(ef_lint_diagnostic_file(report, index)),
                          copy_optional(ef_lint_diagnostic_key(report, index)),
                          ef_lint_diagnostic_line(report, index), ef_lint_diagnostic_column(report, index)};
}
using LintReportDeleter = Deleter<ef_lint_report, ef_lint_report_free>;
} // namespace detail

/**
 * The findings of a lint run (what `errfmt lint` reports), ordered by file, line and column: a
 * range of LintDiagnostic. Immutable; may be read from any number of threads.
 */
class LintReport {
public:
    using Diagnostics = detail::IndexedRange<ef_lint_report, LintDiagnostic, ef_lint_diagnostic_count,
                                             detail::lint_finding>;
    using iterator = Diagnostics::iterator;

    /**
     * Lints table files and catalog directories, as `errfmt lint PATH...` does (each directory as
     * one catalog, the files named directly together); `development_locale` nullopt: Base, else
     * en. Findings, errors included, are in the report: only unusable paths throw Error
     * (EF_E_NOT_FOUND naming the path, EF_E_IO, EF_E_INVALID_ARGUMENT, EF_E_INVALID_LOCALE).
     */
    static LintReport lint_paths(const Locales &paths,
                                 std::optional<std::string_view> development_locale = std::nullopt) {
        LintReport report;
        Failure failure;
        detail::check(try_lint_paths(report, paths, development_locale, &failure), failure);
        return report;
    }

    /** The noexcept form of lint_paths(). `paths` is a list of strings like a locale list. */
    static Status try_lint_paths(LintReport &out, const Locales &paths,
                                 std::optional<std::string_view> development_locale = std::nullopt,
                                 Failure *failure = nullptr) noexcept {
        return detail::guarded(failure, [&] {
            detail::OptionalCString development(development_locale, "development locale");
            ef_lint_report *handle = nullptr;
            ef_error_details *raw = nullptr;
            Status status = ef_lint_paths(&handle, paths.data(), paths.size(), development.c_str(), &raw);
            detail::DetailsPointer details(raw);
            if (status == EF_OK)
                out.handle_.reset(handle);
            return detail::report(status, details.get(), failure);
        });
    }

    /** Lints a catalog already opened or built (ef_lint_catalog); entries have no positions. */
    static LintReport lint_catalog(const Catalog &catalog) {
        LintReport report;
        Failure failure;
        detail::check(try_lint_catalog(report, catalog, &failure), failure);
        return report;
    }

    /** The noexcept form of lint_catalog(). */
    static Status try_lint_catalog(LintReport &out, const Catalog &catalog, Failure *failure = nullptr) noexcept {
        ef_lint_report *handle = nullptr;
        ef_error_details *raw = nullptr;
        Status status = ef_lint_catalog(&handle, catalog.get(), &raw);
        detail::DetailsPointer details(raw);
        if (status == EF_OK)
            out.handle_.reset(handle);
        return detail::report(status, details.get(), failure);
    }

    /** An empty report (no findings), to receive the try_ forms' result. */
    LintReport() = default;

    /** The number of table files read. */
    std::size_t file_count() const noexcept { return ef_lint_file_count(handle_.get()); }
    // As for Catalog's ranges: not from a temporary report, which they would outlive.
    Diagnostics diagnostics() const & { return Diagnostics(handle_.get()); }
    Diagnostics diagnostics() const && = delete;
    iterator begin() const & { return diagnostics().begin(); }
    iterator end() const & { return diagnostics().end(); }
    std::size_t size() const noexcept { return ef_lint_diagnostic_count(handle_.get()); }

private:
    std::unique_ptr<ef_lint_report, detail::LintReportDeleter> handle_;
};

// ---------------------------------------------------------------------------------- locales

/** The noexcept form of normalize_locale(): `out` receives the ID on EF_OK. */
inline Status try_normalize_locale(std::string &out, std::string_view locale, bool *untranslated = nullptr,
                                   Failure *failure = nullptr) noexcept {
    return detail::guarded(failure, [&] {
        detail::CString text(locale, "locale");
        char *raw = nullptr;
        std::int32_t c_untranslated = 0;
        ef_error_details *raw_details = nullptr;
        Status status = ef_locale_normalize(&raw, &c_untranslated, text.c_str(), &raw_details);
        std::unique_ptr<char, detail::StringDeleter> normalized(raw);
        detail::DetailsPointer details(raw_details);
        if (status == EF_OK) {
            out = detail::copy(normalized.get());
            if (untranslated != nullptr)
                *untranslated = c_untranslated != 0;
        }
        return detail::report(status, details.get(), failure);
    });
}

/**
 * Normalizes a locale identifier to ICU's canonical form ("zh-Hant-TW" -> "zh_Hant_TW"); "C"
 * and "POSIX" give "" and set *untranslated. Throws Error (EF_E_INVALID_LOCALE, ...).
 */
inline std::string normalize_locale(std::string_view locale, bool *untranslated = nullptr) {
    std::string normalized;
    Failure failure;
    detail::check(try_normalize_locale(normalized, locale, untranslated, &failure), failure);
    return normalized;
}

namespace detail {
inline ChainEntry chain_entry(const ef_locale_chain *chain, std::size_t index) {
    return ChainEntry{copy(ef_locale_chain_id(chain, index)),
                      static_cast<ChainKind>(ef_locale_chain_kind(chain, index))};
}
} // namespace detail

/**
 * A locale's CLDR fallback chain, most specific first, without root (es_MX -> es_419 -> es):
 * a range of ChainEntry. Immutable; may be read from any number of threads.
 */
class LocaleChain {
public:
    using Entries = detail::IndexedRange<ef_locale_chain, ChainEntry, ef_locale_chain_count,
                                         detail::chain_entry>;
    using iterator = Entries::iterator;

    /** Throws Error (EF_E_INVALID_LOCALE, EF_E_INVALID_UTF8, EF_E_INVALID_ARGUMENT). */
    explicit LocaleChain(std::string_view locale) {
        Failure failure;
        detail::check(make(*this, locale, &failure), failure);
    }

    /** The noexcept form of the constructor. */
    static Status try_make(LocaleChain &out, std::string_view locale, Failure *failure = nullptr) noexcept {
        return make(out, locale, failure);
    }

    /** The normalized ID the chain was computed for. */
    std::string normalized() const { return ef_locale_chain_normalized(handle_.get()); }
    /** The locale was C/POSIX: no translation, and the chain is empty. */
    bool untranslated() const noexcept { return ef_locale_chain_untranslated(handle_.get()) != 0; }

    // As for Catalog's ranges: not from a temporary chain, which they would outlive.
    Entries entries() const & { return Entries(handle_.get()); }
    Entries entries() const && = delete;
    iterator begin() const & { return entries().begin(); }
    iterator end() const & { return entries().end(); }
    std::size_t size() const noexcept { return ef_locale_chain_count(handle_.get()); }
    ChainEntry operator[](std::size_t index) const { return entries().at(index); }

    /** An empty chain (no entries), to receive try_make()'s result. */
    LocaleChain() = default;

private:

    static Status make(LocaleChain &out, std::string_view locale, Failure *failure) noexcept {
        return detail::guarded(failure, [&] {
            detail::CString text(locale, "locale");
            ef_locale_chain *handle = nullptr;
            ef_error_details *raw = nullptr;
            Status status = ef_locale_chain_new(&handle, text.c_str(), &raw);
            detail::DetailsPointer details(raw);
            if (status == EF_OK)
                out.handle_.reset(handle);
            return detail::report(status, details.get(), failure);
        });
    }

    std::unique_ptr<ef_locale_chain, detail::LocaleChainDeleter> handle_;
};

namespace detail {
/** Copies and frees a locale list made by `make` (which takes the out pointer and the details). */
template <typename Make> Status read_locale_list(std::vector<std::string> &out, Failure *failure, Make &&make) noexcept {
    return guarded(failure, [&] {
        ef_locale_list *raw = nullptr;
        ef_error_details *raw_details = nullptr;
        Status status = make(&raw, &raw_details);
        std::unique_ptr<ef_locale_list, LocaleListDeleter> list(raw);
        DetailsPointer details(raw_details);
        if (status == EF_OK) {
            std::vector<std::string> locales;
            for (std::size_t i = 0; i < ef_locale_list_count(list.get()); i++)
                locales.push_back(copy(ef_locale_list_entry(list.get(), i)));
            out = std::move(locales);
        }
        return report(status, details.get(), failure);
    });
}
} // namespace detail

/** The noexcept form of preferences_from_environment(). */
inline Status try_preferences_from_environment(std::vector<std::string> &out, Failure *failure = nullptr) noexcept {
    return detail::read_locale_list(out, failure, [](ef_locale_list **list, ef_error_details **err) {
        return ef_locale_list_from_environment(list, err);
    });
}

/** The user's preferences from LC_ALL, LC_MESSAGES, LANG and LANGUAGE, with gettext's
 *  precedence (ef_locale_list_from_environment). Must not race with setenv(). */
inline std::vector<std::string> preferences_from_environment() {
    std::vector<std::string> locales;
    Failure failure;
    detail::check(try_preferences_from_environment(locales, &failure), failure);
    return locales;
}

/** The noexcept form of preferences_from_accept_language(). */
inline Status try_preferences_from_accept_language(std::vector<std::string> &out, std::string_view header,
                                                   Failure *failure = nullptr) noexcept {
    return detail::read_locale_list(out, failure, [&](ef_locale_list **list, ef_error_details **err) {
        detail::CString text(header, "header");
        return ef_locale_list_from_accept_language(list, text.c_str(), err);
    });
}

/** The preferences of an HTTP Accept-Language header, best first (q=0, `*` and malformed
 *  entries dropped). */
inline std::vector<std::string> preferences_from_accept_language(std::string_view header) {
    std::vector<std::string> locales;
    Failure failure;
    detail::check(try_preferences_from_accept_language(locales, header, &failure), failure);
    return locales;
}

// ------------------------------------------------------------------------------ live catalog

/**
 * A catalog that serves the newest good version of its directory or compiled file, never a
 * broken one, while any number of threads format with it (ef_live_catalog_*, library 1.3).
 *
 * A change is taken once the files have been left alone for the debounce interval, opened as
 * Catalog::open() opens it (strict mode refuses a broken table), and refused if it holds no
 * entry or, with `lint_clean`, if lint finds an error; a refused version is never served and
 * last_error() says why. A library thread looks at the path every `check_interval_ms` (sooner
 * when inotify reports a change); with 0 there is none and reload() takes changes.
 *
 * current() is the version served now, a Catalog of its own that stays valid and unchanged
 * after newer versions replace it: take it per request (it never waits: no lock, no I/O).
 * Every member function but the destructor may be called concurrently from any thread.
 */
class LiveCatalog {
public:
    /** The options of open(): those of Catalog::OpenOptions but on_demand (a version is read
     *  whole when taken), whether a version must be lint-clean, how often the path is looked at
     *  (0: no thread) and how long its files must be quiet first (nullopt: the check interval;
     *  below 20 counts as 20). */
    struct Options {
        std::optional<std::string_view> development_locale = std::nullopt;
        Catalog::Mode mode = Catalog::Mode::lenient;
        bool mapped = false;
        /** As Catalog::OpenOptions has them, for every version (library 1.3). */
        bool localized_numbers = false;
        bool pseudo_locales = false;
        bool fail_on_rejection = false;
        bool lint_clean = false;
        std::uint32_t check_interval_ms = 1000;
        std::optional<std::uint32_t> debounce_ms = std::nullopt;
    };

    /** Opens a live catalog on a directory or compiled file and starts following it. Throws
     *  Error: why the path's version now is not good, as Catalog::open() fails (EF_E_PARSE also
     *  for an empty catalog or a lint error; EF_E_IO also when the thread cannot start). */
    static LiveCatalog open(std::string_view path) { return open(path, Options()); }

    /** open() with Options. Throws as open(). */
    static LiveCatalog open(std::string_view path, const Options &options) {
        LiveCatalog live;
        Failure failure;
        detail::check(try_open(live, path, options, &failure), failure);
        return live;
    }

    /** The noexcept form of open(): `out` receives the live catalog on EF_OK. */
    static Status try_open(LiveCatalog &out, std::string_view path, const Options &options,
                           Failure *failure = nullptr) noexcept {
        return detail::guarded(failure, [&] {
            detail::CString directory(path, "path");
            detail::OptionalCString development(options.development_locale, "development locale");
            std::uint32_t flags =
                detail::catalog_flags(static_cast<std::uint32_t>(options.mode), options.mapped,
                                      options.localized_numbers, options.pseudo_locales, options.fail_on_rejection) |
                (options.lint_clean ? EF_LIVE_CATALOG_LINT_CLEAN : 0u);
            ef_live_catalog *handle = nullptr;
            ef_error_details *raw = nullptr;
            Status status = options.debounce_ms
                                ? ef_live_catalog_open_with_debounce(&handle, directory.c_str(), development.c_str(),
                                                                     flags, options.check_interval_ms,
                                                                     *options.debounce_ms, &raw)
                                : ef_live_catalog_open(&handle, directory.c_str(), development.c_str(), flags,
                                                       options.check_interval_ms, &raw);
            detail::DetailsPointer details(raw);
            if (status == EF_OK)
                out.handle_.reset(handle);
            return detail::report(status, details.get(), failure);
        });
    }

    /** The newest good version, a catalog of its own (ef_live_catalog_current). */
    Catalog current() const noexcept {
        Catalog catalog;
        catalog.handle_.reset(ef_live_catalog_current(handle_.get()));
        return catalog;
    }

    /** Looks at the path now and serves what is there if it is a good version, without waiting
     *  for it to be quiet. Throws Error: why it was refused (EF_E_NOT_FOUND for a deleted path,
     *  EF_E_PARSE, EF_E_IO, EF_E_INVALID_LOCALE); the version served stays. */
    void reload() {
        Failure failure;
        detail::check(try_reload(&failure), failure);
    }

    /** The noexcept form of reload(). */
    Status try_reload(Failure *failure = nullptr) noexcept {
        if (!handle_)
            return detail::fail(failure, EF_E_INVALID_ARGUMENT, Catalog::closed_message);
        ef_error_details *raw = nullptr;
        Status status = ef_live_catalog_reload(handle_.get(), &raw);
        detail::DetailsPointer details(raw);
        return detail::report(status, details.get(), failure);
    }

    /** How many versions were served: 1 for the first, one more for each taken since. */
    std::uint64_t generation() const noexcept { return ef_live_catalog_generation(handle_.get()); }

    /** Why the newest state of the path is not the version served; nullopt when it is. Throws
     *  Error (EF_E_INVALID_ARGUMENT, "the catalog is closed") on an empty live catalog. */
    std::optional<Failure> last_error() const {
        if (!handle_) {
            Failure closed;
            detail::fail(&closed, EF_E_INVALID_ARGUMENT, Catalog::closed_message);
            throw Error(std::move(closed));
        }
        ef_error_details *raw = nullptr;
        Status status = ef_live_catalog_last_error(handle_.get(), &raw);
        detail::DetailsPointer details(raw);
        if (status == EF_OK)
            return std::nullopt;
        Failure failure;
        detail::report(status, details.get(), &failure);
        return failure;
    }

    /** The C handle, for calls this binding does not wrap. Owned by this object. */
    const ef_live_catalog *get() const noexcept { return handle_.get(); }

    /** An empty live catalog object, to receive try_open()'s result. Such a live catalog, or
     *  one moved from, is closed, as an empty Catalog is: its current() is an empty Catalog, and
     *  reload() and last_error() refuse it with EF_E_INVALID_ARGUMENT, "the catalog is closed"
     *  (docs/conventions.md); generation() is 0. */
    LiveCatalog() = default;

    explicit operator bool() const noexcept { return handle_ != nullptr; }

private:
    using Deleter = detail::Deleter<ef_live_catalog, ef_live_catalog_free>;
    std::unique_ptr<ef_live_catalog, Deleter> handle_;
};

// ------------------------------------------------------------------------ problem responses

/** Extension members of a problem body (ef_format_problem's flags, library 1.3). */
inline constexpr std::uint32_t problem_code = EF_PROBLEM_CODE;
inline constexpr std::uint32_t problem_domain = EF_PROBLEM_DOMAIN;
inline constexpr std::uint32_t problem_button = EF_PROBLEM_BUTTON;

/** What a problem response says besides the error. */
struct ProblemOptions {
    /** The HTTP status, 100 to 599. */
    int status = 500;
    /** The problem type's URI, with "{domain}" and "{code}"; none: "about:blank". */
    std::optional<std::string> type_template;
    /** The URI of this occurrence; none: left out. */
    std::optional<std::string> instance;
    /** problem_code | problem_domain | problem_button, or 0. */
    std::uint32_t members = 0;
};

/** The HTTP response a service sends for an error: an RFC 9457 problem details object whose
 *  title and detail are localized for the request, as the library made it. */
struct Problem {
    int status = 0;
    /** Content-Type, Content-Language and Vary, in that order. */
    std::vector<std::pair<std::string, std::string>> headers;
    /** The JSON of the problem details object, UTF-8. */
    std::string body;

    /** The value of header field `name` (any ASCII case), if present. */
    std::optional<std::string> header(std::string_view name) const {
        auto lower = [](std::string_view text) {
            std::string folded(text);
            for (char &c : folded)
                if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
            return folded;
        };
        for (const auto &field : headers)
            if (lower(field.first) == lower(name)) return field.second;
        return std::nullopt;
    }

    bool operator==(const Problem &other) const {
        return status == other.status && headers == other.headers && body == other.body;
    }
};

namespace detail {
/** The items of ef_format_problem's output; false when it is not what its header says. */
inline bool decode_problem(const std::string &output, Problem &out) {
    if (output.empty() || output.back() != '\0') return false;
    std::vector<std::string> items;
    for (std::size_t start = 0; start < output.size();) {
        std::size_t end = output.find('\0', start);
        items.emplace_back(output, start, end - start);
        start = end + 1;
    }
    unsigned long status = 0, fields = 0;
    char extra = 0;
    if (items.empty() || std::sscanf(items[0].c_str(), "%lu %lu%c", &status, &fields, &extra) != 2 ||
        items.size() != 2 + 2 * fields || status > 999)
        return false;
    out.status = static_cast<int>(status);
    out.headers.clear();
    for (std::size_t field = 0; field < fields; field++)
        out.headers.emplace_back(items[1 + 2 * field], items[2 + 2 * field]);
    out.body = items[1 + 2 * fields];
    return true;
}

inline Problem make_problem(const Catalog &catalog, const ErrorInfo &error, const char *accept_language,
                            const char *const *locales, std::size_t locale_count, const ProblemOptions &options) {
    OptionalCString type_template(options.type_template, "type_template");
    OptionalCString instance(options.instance, "instance");
    std::string buffer(2048, '\0');
    for (int attempt = 0; attempt < 2; attempt++) {
        std::size_t length = 0;
        ef_error_details *raw = nullptr;
        Status status = ef_format_problem(&length, buffer.data(), buffer.size(), catalog.get(), error.get(),
                                          accept_language, locales, locale_count, options.status,
                                          type_template.c_str(), instance.c_str(), options.members, &raw);
        DetailsPointer details(raw);
        Failure failure;
        check(report(status, details.get(), &failure), failure);
        if (length <= buffer.size()) {
            buffer.resize(length);
            Problem problem;
            if (!decode_problem(buffer, problem))
                throw Error(Failure{EF_E_INTERNAL, "ef_format_problem's output is malformed", std::nullopt, 0, 0});
            return problem;
        }
        buffer.assign(length, '\0');
    }
    throw Error(Failure{EF_E_INTERNAL, "ef_format_problem's output changed size", std::nullopt, 0, 0});
}
} // namespace detail

/** The problem response for `error` and a request's Accept-Language header (its bytes, or
 *  std::nullopt when it had none; a malformed header means the development locale). Throws
 *  Error (EF_E_INVALID_ARGUMENT for a bad status, EF_E_INVALID_UTF8). Library 1.3. */
inline Problem problem(const Catalog &catalog, const ErrorInfo &error, std::optional<std::string_view> accept_language,
                       const ProblemOptions &options = {}) {
    // A header cannot hold a NUL: the bytes before one are what C reads.
    std::optional<std::string_view> header = accept_language;
    if (header) header = header->substr(0, header->find('\0'));
    detail::OptionalCString value(header, "accept_language");
    return detail::make_problem(catalog, error, value.c_str(), nullptr, 0, options);
}

/** The problem response for `error` and a preference list. */
inline Problem problem(const Catalog &catalog, const ErrorInfo &error, const Locales &locales,
                       const ProblemOptions &options = {}) {
    return detail::make_problem(catalog, error, nullptr, locales.data(), locales.size(), options);
}

} // namespace errorformatter

#endif // ERRORFORMATTER_HPP
