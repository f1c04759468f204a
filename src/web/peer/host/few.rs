//! `Few`: a map for the host page's handful of entries (a connection or an invite per seat,
//! 16 at most), kept as a sorted `Vec`. Each `BTreeMap<K, V>` a page uses links its own
//! copy of the B-tree's code (about 6 KB of wasm a map); a sorted Vec needs a few hundred
//! bytes and is as fast at this size.

/// A map from `K` to `V`, in key order.
#[derive(Clone, Debug, PartialEq)]
pub struct Few<K, V>(Vec<(K, V)>);

impl<K, V> Default for Few<K, V> {
    fn default() -> Self {
        Few(Vec::new())
    }
}

impl<K: Ord + Copy, V> Few<K, V> {
    pub fn new() -> Self {
        Few::default()
    }

    fn find(&self, key: &K) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.cmp(key))
    }

    /// Sets `key`'s value; the one it replaces, if any.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &K) -> Option<V> {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    pub fn get(&self, key: &K) -> Option<&V> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    pub fn contains_key(&self, key: &K) -> bool {
        self.find(key).is_ok()
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}
