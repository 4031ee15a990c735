// json.hpp -- a small JSON reader for the tests, enough for the golden vectors' files
// (Tests/vectors/packed): objects, arrays, strings with every escape (\uXXXX pairs too),
// numbers kept as their text, true, false and null. Anything else throws std::runtime_error.
#ifndef ERRORFORMATTER_TESTS_JSON_HPP
#define ERRORFORMATTER_TESTS_JSON_HPP

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace test_json {

struct Value {
    enum class Kind { null, boolean, number, string, array, object };
    Kind kind = Kind::null;
    bool boolean = false;
    /** A string's UTF-8, or a number as written. */
    std::string text;
    /** An array's elements, or an object's values (in order, beside `keys`). */
    std::vector<Value> items;
    std::vector<std::string> keys;

    bool is_null() const { return kind == Kind::null; }

    /** An object's member; throws when there is none. */
    const Value &operator[](std::string_view key) const {
        for (std::size_t index = 0; index < keys.size(); index++)
            if (keys[index] == key)
                return items[index];
        throw std::runtime_error("json: no member " + std::string(key));
    }
};

class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    Value document() {
        Value value = read();
        skip_space();
        if (at_ != text_.size())
            fail("text after the value");
        return value;
    }

private:
    [[noreturn]] void fail(const char *what) const {
        throw std::runtime_error("json: " + std::string(what) + " at byte " + std::to_string(at_));
    }

    void skip_space() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' ||
                                      text_[at_] == '\t'))
            at_++;
    }

    char next() {
        if (at_ >= text_.size())
            fail("end of text");
        return text_[at_++];
    }

    void expect(std::string_view word) {
        if (text_.substr(at_, word.size()) != word)
            fail("unexpected word");
        at_ += word.size();
    }

    Value read() {
        skip_space();
        Value value;
        if (at_ >= text_.size())
            fail("end of text");
        char first = text_[at_];
        if (first == '{') {
            value.kind = Value::Kind::object;
            at_++;
            skip_space();
            if (at_ < text_.size() && text_[at_] == '}') {
                at_++;
                return value;
            }
            for (;;) {
                skip_space();
                if (next() != '"')
                    fail("a member name must be a string");
                value.keys.push_back(string());
                skip_space();
                if (next() != ':')
                    fail("':' expected");
                value.items.push_back(read());
                skip_space();
                char separator = next();
                if (separator == '}')
                    return value;
                if (separator != ',')
                    fail("',' or '}' expected");
            }
        }
        if (first == '[') {
            value.kind = Value::Kind::array;
            at_++;
            skip_space();
            if (at_ < text_.size() && text_[at_] == ']') {
                at_++;
                return value;
            }
            for (;;) {
                value.items.push_back(read());
                skip_space();
                char separator = next();
                if (separator == ']')
                    return value;
                if (separator != ',')
                    fail("',' or ']' expected");
            }
        }
        if (first == '"') {
            at_++;
            value.kind = Value::Kind::string;
            value.text = string();
            return value;
        }
        if (first == 't' || first == 'f') {
            value.kind = Value::Kind::boolean;
            value.boolean = first == 't';
            expect(value.boolean ? "true" : "false");
            return value;
        }
        if (first == 'n') {
            expect("null");
            return value;
        }
        std::size_t start = at_;
        while (at_ < text_.size() && std::string_view("+-0123456789.eE").find(text_[at_]) != std::string_view::npos)
            at_++;
        if (at_ == start)
            fail("a value expected");
        value.kind = Value::Kind::number;
        value.text = std::string(text_.substr(start, at_ - start));
        return value;
    }

    std::uint32_t hex4() {
        std::uint32_t unit = 0;
        for (int digit = 0; digit < 4; digit++) {
            char c = next();
            unit <<= 4;
            if (c >= '0' && c <= '9')
                unit |= static_cast<std::uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f')
                unit |= static_cast<std::uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                unit |= static_cast<std::uint32_t>(c - 'A' + 10);
            else
                fail("a hexadecimal digit expected");
        }
        return unit;
    }

    static void append_utf8(std::string &out, std::uint32_t scalar) {
        if (scalar < 0x80) {
            out += static_cast<char>(scalar);
        } else if (scalar < 0x800) {
            out += static_cast<char>(0xC0 | (scalar >> 6));
            out += static_cast<char>(0x80 | (scalar & 0x3F));
        } else if (scalar < 0x10000) {
            out += static_cast<char>(0xE0 | (scalar >> 12));
            out += static_cast<char>(0x80 | ((scalar >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (scalar & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (scalar >> 18));
            out += static_cast<char>(0x80 | ((scalar >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((scalar >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (scalar & 0x3F));
        }
    }

    // The rest of a string whose opening quote was read.
    std::string string() {
        std::string out;
        for (;;) {
            char c = next();
            if (c == '"')
                return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            char escape = next();
            switch (escape) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                std::uint32_t unit = hex4();
                if (unit >= 0xD800 && unit < 0xDC00) {
                    expect("\\u");
                    std::uint32_t low = hex4();
                    if (low < 0xDC00 || low >= 0xE000)
                        fail("a lone surrogate");
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                } else if (unit >= 0xDC00 && unit < 0xE000) {
                    fail("a lone surrogate");
                }
                append_utf8(out, unit);
                break;
            }
            default: fail("an unknown escape");
            }
        }
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

inline Value parse(std::string_view text) { return Reader(text).document(); }

} // namespace test_json

#endif
