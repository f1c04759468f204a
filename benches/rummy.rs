//! Rummy solver timings: a 13-card solve and a 14-card best discard, on hands
//! holding both printed jokers and wild cards (the targets: under
//! 0.2 ms and 3 ms median).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tuolaji::cards::Rank;
use tuolaji::rummy::{best_discard, parse_rummy_cards, solve, Rules};

/// Hands with two printed jokers and wild sevens, from loose to meld-dense;
/// the last holds six cards that can stand in for others.
const HANDS_13: [&str; 4] = [
    "JK JK 7S 7D AS 2S 4S 5H 6H 9H 9C KD 2C",
    "JK JK 7S 7H 4H 5H 6H 8H 9H 9D 9C 10D 10S",
    "JK JK 7C 7D 3S 4S 5S 6S 5H 5D 5C 6H 6D",
    "JK JK 7S 7H 7D 7C 5S 6S 8S 5H 6H 8H 5D",
];
const HANDS_14: [&str; 4] = [
    "JK JK 7S 7D AS 2S 4S 5H 6H 9H 9C KD 2C QH",
    "JK JK 7S 7H 4H 5H 6H 8H 9H 9D 9C 10D 10S 10H",
    "JK JK 7C 7D 3S 4S 5S 6S 5H 5D 5C 6H 6D 4D",
    "JK JK 7S 7H 7D 7C 5S 6S 8S 5H 6H 8H 5D 6D",
];

fn bench(c: &mut Criterion) {
    let rules = Rules::default();
    let wild = Some(Rank::Seven);
    for (i, text) in HANDS_13.iter().enumerate() {
        let hand = parse_rummy_cards(text).unwrap();
        c.bench_function(&format!("rummy solve 13 cards #{i}"), |b| {
            b.iter(|| solve(black_box(&hand), wild, &rules).unwrap())
        });
    }
    for (i, text) in HANDS_14.iter().enumerate() {
        let hand = parse_rummy_cards(text).unwrap();
        c.bench_function(&format!("rummy best discard 14 cards #{i}"), |b| {
            b.iter(|| best_discard(black_box(&hand), wild, &rules).unwrap())
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
