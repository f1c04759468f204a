//! Shengji's screens: the board (`board`: one seat's view drawn, taps turned into
//! actions, wherever the game runs; its header and seats in `seats`, its phase panels in
//! `phases`, its plays made for you in `autoplay`), its hand with live legality (`hand`) and the hint tab
//! (`hints`), the adviser's play (`advice`) and the field comparison (`field`) worked out
//! in the bot worker, the table against bots (`local`), the new-game screen
//! (`new_game`), the end of a hand (`review`: the trick-by-trick review and the result
//! card), the replay (`replay`), follow practice (`practice`) and its peer tables'
//! answers (`peer`).

pub mod advice;
mod autoplay;
pub mod board;
pub mod field;
pub mod hand;
pub mod hints;
pub mod local;
pub mod new_game;
pub mod peer;
mod phases;
pub mod practice;
pub mod replay;
pub mod review;
mod seats;
mod settings;

pub use board::TableBoard;
