//! Browser tests (wasm-bindgen-test in headless Chromium): the pieces of the browser
//! layer that need a real DOM and real localStorage. Run by `scripts/test`.
#![cfg(target_arch = "wasm32")]

use tuolaji::web::storage;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn storage_round_trips_text_and_a_corrupt_save_reads_as_corrupt() {
    let key = "tuolaji.test.storage";
    storage::set_raw(key, r#"{"a":[1,2,3]}"#).unwrap();
    assert_eq!(storage::get_raw(key).unwrap().as_deref(), Some(r#"{"a":[1,2,3]}"#));
    storage::set_raw(key, "{not json").unwrap();
    let stored = storage::get_raw(key).unwrap();
    let loaded = tuolaji::record::SaveEnvelope::<tuolaji::shengji::game::Game>::decode(stored.as_deref());
    assert!(
        matches!(loaded, tuolaji::record::Loaded::Corrupt { reason: tuolaji::record::save::SaveError::NotJson }),
        "{loaded:?}"
    );
    storage::remove(key).unwrap();
    assert_eq!(storage::get_raw(key).unwrap(), None);
    assert!(storage::is_writable());
}

#[wasm_bindgen_test]
fn app_mounts_the_home_screen() {
    let document = web_sys::window().unwrap().document().unwrap();
    let _ = web_sys::window().unwrap().location().set_hash("#/");
    tuolaji::web::start();
    let home = document.query_selector("[data-testid=home]").unwrap();
    assert!(home.is_some(), "home screen rendered");
    for id in ["new-game", "practice-link", "friends", "settings"] {
        let sel = format!("[data-testid={id}]");
        assert!(document.query_selector(&sel).unwrap().is_some(), "{id} button");
    }
}

#[wasm_bindgen_test]
fn every_card_kind_renders_as_svg_with_its_notation() {
    use leptos::prelude::*;
    use tuolaji::cards::Card;
    use tuolaji::web::cards::{CardBack, CardFace};
    let document = web_sys::window().unwrap().document().unwrap();
    leptos::mount::mount_to_body(|| {
        view! {
            <div id="all-cards">
                {Card::all().map(|c| view! { <CardFace card=c/> }).collect_view()}
                <CardBack/>
            </div>
        }
    });
    let all = document.query_selector("#all-cards").unwrap().expect("mounted");
    assert_eq!(all.child_element_count(), 55);
    for card in Card::all() {
        let sel = format!("#all-cards .card[data-card=\"{}\"]", card.notation());
        let el = document.query_selector(&sel).unwrap().unwrap_or_else(|| panic!("{card} rendered"));
        assert!(el.query_selector("svg").unwrap().is_some(), "{card} has an svg");
    }
    assert!(document.query_selector("#all-cards [data-card=back] svg").unwrap().is_some());
    // Jokers are told apart by shape, not only colour.
    let filled = document.query_selector("[data-card=BJ] .joker-star.filled").unwrap();
    let hollow = document.query_selector("[data-card=SJ] .joker-star.hollow").unwrap();
    assert!(filled.is_some() && hollow.is_some());
}

/// The bot worker's wasm searches: its field job plays the Expert, not a Normal bot
/// under the Expert's name.
#[wasm_bindgen_test]
fn the_workers_field_job_searches_the_experts_plays_in_wasm() {
    use tuolaji::dup::TableSeed;
    use tuolaji::shengji::bot::{bots_for, Difficulty};
    use tuolaji::shengji::expert::Effort;
    use tuolaji::shengji::game::{Game, Settings};
    use tuolaji::shengji::think::{FieldAnswer, FieldJob, FieldPlayer, Job};
    use tuolaji::table::think::{self, Answer, Kind};
    use tuolaji::table::Driver;
    let seed = TableSeed::parse("wasmfield").unwrap();
    let mut g = Game::new(Settings::default(), seed.clone()).unwrap();
    let levels = vec![Difficulty::Heuristic; 4];
    Driver::all_bots(bots_for(&seed, 4, &levels)).run(&mut g, 100_000).unwrap();
    let job = |player| FieldJob { effort: Effort::light(), ..FieldJob::new(&g, 0, &levels, player) };
    let ask = |player| match think::answer::<Game, FieldAnswer>(Kind::Other, &think::work::<Game>(&think::job::<Game, _>(Kind::Other, &Job::Field(job(player))))) {
        Answer::Done(a) => a,
        Answer::Refused => panic!("the worker refused a field job"),
    };
    assert_eq!(ask(FieldPlayer::Normal).searched, 0);
    let experts: Vec<FieldAnswer> = (0..4).map(|n| ask(FieldPlayer::Expert(n))).collect();
    assert!(experts.iter().any(|a| a.searched > 0), "the Experts searched: {experts:?}");
}

/// A room's Web Crypto (docs/room.md): the host's offers verify with the link's key and with
/// no other, so a guest who has the link cannot pose as the host; a kept private key that is
/// not the link key's other half is refused; a sealed text opens only with its own room's
/// seal, and a changed character makes it unreadable.
#[wasm_bindgen_test]
async fn a_rooms_signatures_and_seals_hold_in_the_browser() {
    use tuolaji::net::room::link::RoomCode;
    use tuolaji::web::room::crypto::{host_signer, host_verifier, make_host_key, sign, verify, Seal};
    let (point, pkcs8) = make_host_key().await.expect("a host key");
    let (other_point, other_pkcs8) = make_host_key().await.expect("another key");
    let link_key = host_verifier(&point).await.expect("the link's key");
    let signer = host_signer(&pkcs8, &link_key).await.expect("the kept key is the link key's other half");
    assert!(host_signer(&other_pkcs8, &link_key).await.is_none(), "another key is refused as the host's");
    let offer = b"an offer for guest 7";
    let signature = sign(&signer, offer).await.unwrap();
    assert!(verify(&link_key, &signature, offer).await);
    assert!(!verify(&link_key, &signature, b"an offer for guest 8").await, "a signature covers its message");
    // Someone with the link but another key signs: the guest refuses it.
    let impostor = host_signer(&other_pkcs8, &host_verifier(&other_point).await.unwrap()).await.unwrap();
    let forged = sign(&impostor, offer).await.unwrap();
    assert!(!verify(&link_key, &forged, offer).await, "only the link's host signs");

    let room = RoomCode { room: [1; 16], secret: [2; 16], host_key: point };
    let elsewhere = RoomCode { room: [3; 16], ..room.clone() };
    let seal = Seal::of(&room).await.unwrap();
    let sealed = seal.seal(b"knock").await.unwrap();
    assert_eq!(seal.open(&sealed).await.as_deref(), Some(&b"knock"[..]));
    assert_eq!(Seal::of(&elsewhere).await.unwrap().open(&sealed).await, None, "another room's seal");
    // (A character in the middle: every one of its bits is the ciphertext's.)
    let mut changed = sealed.clone().into_bytes();
    let mid = changed.len() / 2;
    changed[mid] = if changed[mid] == b'A' { b'B' } else { b'A' };
    assert_eq!(seal.open(&String::from_utf8(changed).unwrap()).await, None, "a changed text");
}
