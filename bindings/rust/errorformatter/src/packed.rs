//! The library's packed outputs (docs/packed-format.md) of a formatted error and of a lookup:
//! called with grow and retry, and checked before they are trusted, so that a rejection comes
//! back with its parts (key, locale, table, code, message) as well as its description.
use std::ffi::c_char;

use errorformatter_sys as sys;

use crate::error::{Error, Result};
use crate::formatted::{Field, FormattedError, LookupResult, Provenance};
use crate::rejection::Rejection;
use crate::rule::Rule;

/// The size of the first buffer a call is given; most outputs fit.
const FIRST_CAPACITY: usize = 1024;

/// Calls `call` with a buffer, and once more with one of the length the first call asked for
/// when that did not fit (the output of a call is deterministic): the status (EF_OK or
/// `accepted`) and the output. Any other status is the call's `Error`.
pub(crate) fn call(
    accepted: sys::ef_status,
    mut call: impl FnMut(*mut usize, *mut c_char, usize, *mut *mut sys::ef_error_details) -> sys::ef_status,
) -> Result<(sys::ef_status, Vec<u8>)> {
    let mut buffer = vec![0u8; FIRST_CAPACITY];
    for _ in 0..2 {
        let mut length = 0usize;
        let mut details = std::ptr::null_mut();
        let status = call(&mut length, buffer.as_mut_ptr().cast(), buffer.len(), &mut details);
        if status != sys::EF_OK && status != accepted {
            // SAFETY: `details` is the call's own, freed by from_details.
            return Err(unsafe { Error::from_details(status, details) });
        }
        // SAFETY: NULL or the call's details, freed once.
        unsafe { sys::ef_error_details_free(details) };
        if length <= buffer.len() {
            buffer.truncate(length);
            return Ok((status, buffer));
        }
        buffer = vec![0u8; length];
    }
    Err(malformed("output", "its length changed between two identical calls"))
}

fn malformed(what: &str, reason: &str) -> Error {
    Error::new(sys::EF_E_INTERNAL, format!("the library's packed {what} output is malformed: {reason}"))
}

/// The items of an output: UTF-8, each ended by a NUL.
fn items<'a>(output: &'a [u8], what: &str) -> Result<Vec<&'a str>> {
    let Some((&0, body)) = output.split_last() else {
        return Err(malformed(what, "it does not end with a NUL"));
    };
    let text = std::str::from_utf8(body).map_err(|_| malformed(what, "it is not UTF-8"))?;
    Ok(text.split('\0').collect())
}

/// The `count` numbers of a header item: decimal, no sign, no leading zero, one space apart.
fn header(items: &[&str], count: usize, what: &str) -> Result<Vec<usize>> {
    let header = items.first().copied().unwrap_or("");
    let numbers: Vec<usize> = header
        .split(' ')
        .map(|part| {
            let digits = !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
            if !digits || (part.len() > 1 && part.starts_with('0')) || part.len() > 20 {
                return None;
            }
            part.parse::<u64>().ok().and_then(|number| usize::try_from(number).ok())
        })
        .collect::<Option<_>>()
        .ok_or_else(|| malformed(what, "its header is not numbers"))?;
    if numbers.len() != count {
        return Err(malformed(what, "its header does not have the numbers it must"));
    }
    Ok(numbers)
}

/// Checks that each of `counts` (counts of items) is at most the number of items there are, so
/// that the sums and products made of them cannot overflow.
fn counted(counts: &[usize], items: &[&str], what: &str) -> Result<()> {
    if counts.iter().any(|&count| count > items.len()) {
        return Err(malformed(what, "its header counts more items than there are"));
    }
    Ok(())
}

/// `count` rejections whose five items start at `start`, their descriptions at `described`.
fn rejections(items: &[&str], start: usize, described: usize, count: usize) -> Vec<Rejection> {
    let per = sys::EF_PACKED_REJECTION_ITEMS as usize;
    (0..count)
        .map(|index| {
            let at = start + per * index;
            Rejection {
                key: items[at].to_owned(),
                locale: items[at + 1].to_owned(),
                table: items[at + 2].to_owned(),
                code: items[at + 3].to_owned(),
                message: items[at + 4].to_owned(),
                description: items[described + index].to_owned(),
            }
        })
        .collect()
}

/// The formatted error of an `ef_format_packed_reusable` output.
pub(crate) fn formatted_error(output: &[u8]) -> Result<FormattedError> {
    let what = "format";
    let items = items(output, what)?;
    let numbers = header(&items, sys::EF_PACKED_FORMAT_HEADER_NUMBERS as usize, what)?;
    let (untranslated, stack, counts, mask) =
        (numbers[0], numbers[1], [numbers[2], numbers[3], numbers[4]], numbers[5]);
    counted(&numbers[1..5], &items, what)?;
    if untranslated > 1 || mask >= 1 << 9 {
        return Err(malformed(what, "its header's flag or null mask is out of range"));
    }
    let rejected: usize = counts.iter().sum();
    let first_rejection = sys::EF_PACKED_STACK as usize + stack;
    let per = sys::EF_PACKED_REJECTION_ITEMS as usize;
    if items.len() != first_rejection + (per + 1) * rejected {
        return Err(malformed(what, "it does not have the items its header counts"));
    }
    let mut formatted = FormattedError::default();
    formatted.title = items[sys::EF_PACKED_TITLE as usize].to_owned();
    formatted.message = items[sys::EF_PACKED_MESSAGE as usize].to_owned();
    formatted.button = items[sys::EF_PACKED_BUTTON as usize].to_owned();
    formatted.stack =
        items[sys::EF_PACKED_STACK as usize..first_rejection].iter().map(|&entry| entry.to_owned()).collect();
    let described = first_rejection + per * rejected;
    let mut next = 0;
    for (index, field) in Field::ALL.into_iter().enumerate() {
        let at = sys::EF_PACKED_PROVENANCE as usize + sys::EF_PACKED_PROVENANCE_ITEMS as usize * index;
        let present = |item: usize| (mask >> (3 * index + item - 1)) & 1 == 0;
        let optional = |item: usize| present(item).then(|| items[at + item].to_owned());
        *formatted.provenance_mut(field) = Provenance {
            rule: Rule::from_name(items[at]),
            key: optional(1),
            locale: optional(2),
            table: optional(3),
            rejections: rejections(&items, first_rejection + per * next, described + next, counts[index]),
        };
        next += counts[index];
    }
    formatted.untranslated = untranslated == 1;
    Ok(formatted)
}

/// The lookup of an `ef_catalog_lookup_packed_v2` output.
pub(crate) fn lookup_result(output: &[u8]) -> Result<LookupResult> {
    let what = "lookup";
    let items = items(output, what)?;
    let numbers = header(&items, sys::EF_PACKED_LOOKUP_HEADER_NUMBERS as usize, what)?;
    let (found, count) = (numbers[0], numbers[1]);
    counted(&[count], &items, what)?;
    let first = sys::EF_PACKED_LOOKUP_REJECTIONS as usize;
    let per = sys::EF_PACKED_REJECTION_ITEMS as usize;
    if found > 1 || items.len() != first + (per + 1) * count {
        return Err(malformed(what, "it does not have the items its header counts"));
    }
    let value = |item: u32| (found == 1).then(|| items[item as usize].to_owned());
    Ok(LookupResult {
        value: value(sys::EF_PACKED_LOOKUP_VALUE),
        locale: value(sys::EF_PACKED_LOOKUP_LOCALE),
        table: items[sys::EF_PACKED_LOOKUP_TABLE as usize].to_owned(),
        rejections: rejections(&items, first, first + per * count, count),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output of `ef_format_packed_reusable`: its items, each ended by a NUL.
    fn output(items: &[&str]) -> Vec<u8> {
        items.iter().flat_map(|item| item.bytes().chain([0])).collect()
    }

    /// A result of built-in texts: every key, locale and table null, a mask (511) larger than the
    /// number of items, which counts nothing.
    fn built_in(header: &str) -> Vec<u8> {
        let mut items = vec![header, "Error", "", "OK"];
        for _ in Field::ALL {
            items.extend(["builtin", "", "", ""]);
        }
        items.push("en");
        output(&items)
    }

    #[test]
    fn a_null_mask_is_not_a_count() {
        let formatted = formatted_error(&built_in("0 1 0 0 0 511")).unwrap();
        assert_eq!((formatted.title.as_str(), formatted.button.as_str()), ("Error", "OK"));
        assert_eq!(formatted.provenance(Field::Title).key, None);
        assert_eq!(formatted.stack, ["en"]);
    }

    #[test]
    fn a_count_beyond_the_items_is_refused() {
        for header in ["0 18446744073709551615 0 0 0 511", "0 1 0 99 0 511", "0 1 0 0 0 512"] {
            let error = formatted_error(&built_in(header)).unwrap_err();
            assert_eq!(error.kind(), crate::ErrorKind::Internal, "{header}");
        }
    }
}
