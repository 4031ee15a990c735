//! `Entries`: an iterator over the indexed getters of a handle (`*_count` and `*_<getter>(i)`).
use std::iter::FusedIterator;
use std::marker::PhantomData;

/// The entries `0..count` of a handle borrowed for `'a`, each read when the iterator reaches it:
/// a catalog's localizations and diagnostics, a locale chain's entries.
pub struct Entries<'a, T> {
    handle: *const (),
    next: usize,
    end: usize,
    read: unsafe fn(*const (), usize) -> T,
    _borrow: PhantomData<&'a ()>,
}

impl<'a, T> Entries<'a, T> {
    /// # Safety
    /// `handle` stays valid for `'a`, has `count` entries, and `read(handle, i)` is sound for
    /// every `i < count`, yielding values that borrow at most `'a`.
    pub(crate) unsafe fn new(handle: *const (), count: usize, read: unsafe fn(*const (), usize) -> T) -> Self {
        Entries { handle, next: 0, end: count, read, _borrow: PhantomData }
    }
}

impl<T> Iterator for Entries<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        if self.next >= self.end {
            return None;
        }
        let index = self.next;
        self.next += 1;
        // SAFETY: index < count, as `new` requires.
        Some(unsafe { (self.read)(self.handle, index) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.end - self.next;
        (left, Some(left))
    }
}

impl<T> DoubleEndedIterator for Entries<'_, T> {
    fn next_back(&mut self) -> Option<T> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        // SAFETY: end < count, as `new` requires.
        Some(unsafe { (self.read)(self.handle, self.end) })
    }
}

impl<T> ExactSizeIterator for Entries<'_, T> {}
impl<T> FusedIterator for Entries<'_, T> {}

impl<T> std::fmt::Debug for Entries<'_, T> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.debug_struct("Entries").field("left", &(self.end - self.next)).finish()
    }
}
