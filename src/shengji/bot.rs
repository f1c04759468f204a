//! Bots (stub replaced below).
