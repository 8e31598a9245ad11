use std::str::FromStr;

use crate::ParseError;

string_enum!(
    /// A user's role across the whole platform. Absent means `User`.
    #[derive(Default)]
    Role {
        #[default]
        User = "user",
        Admin = "admin",
    }
);

impl FromStr for Role {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::parse(s)
    }
}

string_enum!(
    /// Whether an account may sign in: `active`, or `disabled` by an admin.
    UserStatus {
        Active = "active",
        Disabled = "disabled",
    }
);
