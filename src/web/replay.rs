//! The replay screen (`#/replay/<code>`): a finished hand from its compact code,
//! stepped trick by trick.
