//! A room's Web Crypto, in the room worker: the seal every relay message carries (AES-GCM,
//! 128-bit key derived from the link's secret by HKDF-SHA-256 with the room id as salt and
//! "tuolaji/room/v1/key" as info; the associated data binds it to the room:
//! `RoomCode::seal_context`) and the host's ECDSA P-256 key (made here, its public half in
//! the link, its private half kept with the host's saved table as PKCS #8). The browser
//! does the cryptography: the wasm only passes bytes.

use crate::net::room::link::{RoomCode, HOST_KEY_BYTES};
use crate::net::room::message::{frame, unframe, IV_BYTES, SIGNATURE_BYTES};
use js_sys::{Array, ArrayBuffer, Object, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Crypto, CryptoKey, SubtleCrypto};

/// The global `crypto` (a page's or a worker's), if it has `subtle` (only over https or on
/// localhost).
fn crypto() -> Option<Crypto> {
    let c: Crypto = Reflect::get(&js_sys::global(), &"crypto".into()).ok()?.dyn_into().ok()?;
    Reflect::has(&c, &"subtle".into()).ok()?.then_some(c)
}

fn subtle() -> Option<SubtleCrypto> {
    let s = crypto()?.subtle();
    (!s.is_undefined()).then_some(s)
}

/// Whether this browser can keep a room: Web Crypto is there.
pub fn available() -> bool {
    subtle().is_some()
}

/// `n` random bytes from the browser.
pub fn random<const N: usize>() -> [u8; N] {
    let mut out = [0u8; N];
    if let Some(c) = crypto() {
        let _ = c.get_random_values_with_u8_array(&mut out);
    }
    out
}

/// A plain object of `fields`.
fn object(fields: &[(&str, JsValue)]) -> Object {
    let o = Object::new();
    for (k, v) in fields {
        let _ = Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o
}

fn bytes(b: &[u8]) -> JsValue {
    Uint8Array::from(b).into()
}

fn usages(list: &[&str]) -> JsValue {
    list.iter().map(|u| JsValue::from_str(u)).collect::<Array>().into()
}

async fn wait(p: Result<js_sys::Promise, JsValue>) -> Option<JsValue> {
    JsFuture::from(p.ok()?).await.ok()
}

fn buffer_bytes(v: JsValue) -> Option<Vec<u8>> {
    let buffer: ArrayBuffer = v.dyn_into().ok()?;
    Some(Uint8Array::new(&buffer).to_vec())
}

fn ecdsa() -> Object {
    object(&[("name", "ECDSA".into()), ("namedCurve", "P-256".into())])
}

fn signing() -> Object {
    object(&[("name", "ECDSA".into()), ("hash", "SHA-256".into())])
}

/// The key every message of a room is sealed with.
#[derive(Clone)]
pub struct Seal {
    key: CryptoKey,
    context: Vec<u8>,
}

impl Seal {
    /// The room's seal, derived from its secret (`None`: no Web Crypto).
    pub async fn of(room: &RoomCode) -> Option<Seal> {
        let s = subtle()?;
        let base = wait(s.import_key_with_object("raw", &Uint8Array::from(&room.secret[..]).into(), &object(&[("name", "HKDF".into())]), false, &usages(&["deriveKey"]))).await?;
        let hkdf = object(&[
            ("name", "HKDF".into()),
            ("hash", "SHA-256".into()),
            ("salt", bytes(&room.room)),
            ("info", bytes(b"tuolaji/room/v1/key")),
        ]);
        let aes = object(&[("name", "AES-GCM".into()), ("length", 128.into())]);
        let key = wait(s.derive_key_with_object_and_object(&hkdf, base.unchecked_ref(), &aes, false, &usages(&["encrypt", "decrypt"]))).await?;
        Some(Seal { key: key.unchecked_into(), context: room.seal_context() })
    }

    fn params(&self, iv: &[u8]) -> Object {
        object(&[("name", "AES-GCM".into()), ("iv", bytes(iv)), ("additionalData", bytes(&self.context))])
    }

    /// `plain` sealed with a fresh iv, as the text relays carry.
    pub async fn seal(&self, plain: &[u8]) -> Option<String> {
        let iv: [u8; IV_BYTES] = random();
        let out = wait(subtle()?.encrypt_with_object_and_u8_array(&self.params(&iv), &self.key, plain)).await?;
        Some(frame(&iv, &buffer_bytes(out)?))
    }

    /// The plain bytes of a sealed text: `None` if it is not one, or was sealed with
    /// another key or for another room.
    pub async fn open(&self, sealed: &str) -> Option<Vec<u8>> {
        let (iv, ciphertext) = unframe(sealed).ok()?;
        let out = wait(subtle()?.decrypt_with_object_and_u8_array(&self.params(&iv), &self.key, &ciphertext)).await?;
        buffer_bytes(out)
    }
}

/// A new host key: its public point (for the link) and its private key as PKCS #8.
pub async fn make_host_key() -> Option<([u8; HOST_KEY_BYTES], Vec<u8>)> {
    let s = subtle()?;
    let pair = wait(s.generate_key_with_object(&ecdsa(), true, &usages(&["sign", "verify"]))).await?;
    let public: CryptoKey = Reflect::get(&pair, &"publicKey".into()).ok()?.dyn_into().ok()?;
    let private: CryptoKey = Reflect::get(&pair, &"privateKey".into()).ok()?.dyn_into().ok()?;
    let raw = buffer_bytes(wait(s.export_key("raw", &public)).await?)?;
    let pkcs8 = buffer_bytes(wait(s.export_key("pkcs8", &private)).await?)?;
    Some((raw.try_into().ok()?, pkcs8))
}

/// The host's signing key from its PKCS #8, if it is the private half of `public` (it
/// signs a test that `public` verifies).
pub async fn host_signer(pkcs8: &[u8], public: &CryptoKey) -> Option<CryptoKey> {
    let s = subtle()?;
    let key: CryptoKey = wait(s.import_key_with_object("pkcs8", &Uint8Array::from(pkcs8).into(), &ecdsa(), false, &usages(&["sign"]))).await?.dyn_into().ok()?;
    let test = b"tuolaji/room/v1/key-check";
    let signature = sign(&key, test).await?;
    verify(public, &signature, test).await.then_some(key)
}

/// The link's host key, to check offers with.
pub async fn host_verifier(point: &[u8; HOST_KEY_BYTES]) -> Option<CryptoKey> {
    let s = subtle()?;
    wait(s.import_key_with_object("raw", &Uint8Array::from(&point[..]).into(), &ecdsa(), true, &usages(&["verify"]))).await?.dyn_into().ok()
}

/// `data` signed (P-256 ECDSA over SHA-256, `r | s`).
pub async fn sign(key: &CryptoKey, data: &[u8]) -> Option<[u8; SIGNATURE_BYTES]> {
    let out = wait(subtle()?.sign_with_object_and_u8_array(&signing(), key, data)).await?;
    buffer_bytes(out)?.try_into().ok()
}

/// Whether `signature` is `key`'s over `data`.
pub async fn verify(key: &CryptoKey, signature: &[u8], data: &[u8]) -> bool {
    let Some(s) = subtle() else { return false };
    wait(s.verify_with_object_and_u8_array_and_u8_array(&signing(), key, signature, data)).await.and_then(|v| v.as_bool()).unwrap_or(false)
}
