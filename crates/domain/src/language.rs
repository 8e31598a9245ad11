//! The languages the product speaks: its screens and its email.

string_enum!(
    /// One of the twelve languages of the interface, by its ISO 639-1 code;
    /// English is the fallback. An account keeps the one it last used, and
    /// its email is written in it.
    #[derive(Default)]
    Language {
        #[default]
        En = "en",
        Zh = "zh",
        Ja = "ja",
        Es = "es",
        Ar = "ar",
        Ko = "ko",
        Fr = "fr",
        De = "de",
        Ru = "ru",
        Pt = "pt",
        Da = "da",
        Id = "id",
    }
);

impl Language {
    /// The language a browser's tag names (`fr`, `pt-BR`, `zh-Hans-CN`),
    /// by its primary subtag; English for anything else.
    pub fn from_tag(tag: &str) -> Self {
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        Self::parse(&primary.to_ascii_lowercase()).unwrap_or(Self::En)
    }

    /// Whether it is written right to left.
    pub fn is_rtl(self) -> bool {
        self == Self::Ar
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_is_read_by_its_primary_subtag_and_falls_back_to_english() {
        assert_eq!(Language::from_tag("fr"), Language::Fr);
        assert_eq!(Language::from_tag("pt-BR"), Language::Pt);
        assert_eq!(Language::from_tag("zh_Hans_CN"), Language::Zh);
        assert_eq!(Language::from_tag("AR"), Language::Ar);
        assert_eq!(Language::from_tag("tlh"), Language::En);
        assert_eq!(Language::from_tag(""), Language::En);
        assert!(Language::Ar.is_rtl() && !Language::Fr.is_rtl());
    }
}
