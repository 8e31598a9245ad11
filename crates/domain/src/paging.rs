//! Paging of lists: `page` from 1, `limit` from 1 to [`MAX_LIMIT`].

use crate::error::{Problems, messages};

string_enum!(
    /// Which way a list is ordered.
    SortOrder {
        Asc = "asc",
        Desc = "desc",
    }
);

/// The largest page a list answers.
pub const MAX_LIMIT: u64 = 100;
/// The page size when none is asked for (the specification's default).
pub const DEFAULT_LIMIT: u64 = 10;
/// The highest page number accepted: beyond it no list has rows, and
/// offsets stay far from overflowing either engine's integers.
pub const MAX_PAGE: u64 = 1_000_000;

/// A valid page of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// From 1.
    pub page: u64,
    pub limit: u64,
}

impl Default for Page {
    fn default() -> Self {
        Self {
            page: 1,
            limit: DEFAULT_LIMIT,
        }
    }
}

impl Page {
    /// The page asked for, recording a problem for each bad number.
    pub fn parse(page: Option<u64>, limit: Option<u64>, problems: &mut Problems) -> Self {
        let page = page.unwrap_or(1);
        let limit = limit.unwrap_or(DEFAULT_LIMIT);
        if page == 0 {
            problems.add("page", messages::at_least(1));
        } else if page > MAX_PAGE {
            problems.add("page", messages::at_most(MAX_PAGE));
        }
        if !(1..=MAX_LIMIT).contains(&limit) {
            problems.add("limit", format!("Number must be between 1 and {MAX_LIMIT}"));
        }
        Self { page, limit }
    }

    /// Rows to skip.
    pub fn offset(self) -> u64 {
        self.page.saturating_sub(1).saturating_mul(self.limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_bounded() {
        let mut problems = Problems::default();
        let page = Page::parse(Some(3), Some(20), &mut problems);
        assert_eq!((page.offset(), problems.is_empty()), (40, true));
        Page::parse(Some(0), Some(101), &mut problems);
        Page::parse(Some(u64::MAX), None, &mut problems);
        assert!(problems.finish().is_err());
    }
}
