//! Record files held without their trees: each game of a text file read without a
//! problem is kept as where its text lies and its row ([`StoredGame`], 48 bytes), and
//! its tree is read again only when wanted ([`GameTexts::game`]). The app's documents
//! hold files this way, so that a file of 100,000 games takes a few megabytes instead
//! of the gigabytes its trees would (Scid's index works alike).
//!
//! The texts lie in memory for a file of up to [`KEEP_IN_MEMORY`] bytes, and in a
//! private copy of a bigger file, made when it is read: another program that changes
//! or removes the file afterwards changes nothing the document holds. The copy is
//! removed when no document needs it, and copies left by a window that was killed are
//! removed by the next [`remove_stale_copies`].

use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use super::{
    Base, FileError, FileStamp, Format, PieceEnd, RecordsRead, read_records_with, read_text_piece,
    read_text_records_into,
};
use crate::record::collection::{GameRow, PackedRow, RowPool};
use crate::record::{AnyGame, GameReader};

/// A file of up to this many bytes keeps its games' texts in memory; a bigger one in a
/// private copy on disk (16 MiB, about 25,000 games of 60 plies).
pub const KEEP_IN_MEMORY: u64 = 16 << 20;

/// A game of a text file held as where its text lies (from its first tag or move to its
/// result token, as [`GameOrigin::original`](super::GameOrigin::original) would hold
/// it) and its row for the games list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Its 1-based number in the file.
    pub number: u32,
    /// The byte offset of its text in the file.
    pub offset: u64,
    /// The length of its text in bytes.
    pub len: u32,
    /// Its row, texts in the [`RecordIndex::pool`].
    pub row: PackedRow,
}

/// Takes the games read without a problem as [`StoredGame`]s while a file is read.
#[derive(Default)]
pub(super) struct IndexSink {
    stored: Vec<StoredGame>,
    pool: RowPool,
}

impl IndexSink {
    /// Keeps game `number`, read from the text's bytes `range`, as stored; `false` (the
    /// tree is kept instead) when its number or length do not fit.
    pub(super) fn take(&mut self, number: usize, range: std::ops::Range<usize>, game: &AnyGame) -> bool {
        let (Ok(n), Ok(len)) = (u32::try_from(number), u32::try_from(range.len())) else { return false };
        let row = self.pool.pack(&GameRow::new(number, game));
        self.stored.push(StoredGame { number: n, offset: range.start as u64, len, row });
        true
    }
}

/// Where the texts of a file's stored games lie: the file's bytes in memory, or a
/// private copy on disk (removed when this is dropped).
#[derive(Debug, Default)]
pub struct GameTexts {
    bytes: Option<Arc<[u8]>>,
    copy: Option<(PathBuf, Mutex<std::fs::File>)>,
    /// The file the texts came from, for messages.
    source: PathBuf,
}

impl PartialEq for GameTexts {
    /// The same texts: the same bytes or the same copy.
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
            && self.copy.as_ref().map(|c| &c.0) == other.copy.as_ref().map(|c| &c.0)
            && self.bytes == other.bytes
    }
}

impl GameTexts {
    /// Texts of `source` held in memory.
    pub fn in_memory(source: &Path, bytes: Arc<[u8]>) -> GameTexts {
        GameTexts { bytes: Some(bytes), copy: None, source: source.to_path_buf() }
    }

    /// The text of `game` (its bytes as the file has them).
    ///
    /// # Errors
    /// [`FileError::Io`] when the private copy cannot be read; [`FileError::NotText`]
    /// when the bytes are not those of a game any more.
    pub fn text(&self, game: &StoredGame) -> Result<String, FileError> {
        let (start, len) = (game.offset, game.len as usize);
        let bytes = match (&self.bytes, &self.copy) {
            (Some(bytes), _) => usize::try_from(start)
                .ok()
                .and_then(|s| bytes.get(s..s.checked_add(len)?))
                .map(<[u8]>::to_vec)
                .ok_or_else(|| FileError::NotText(self.source.clone()))?,
            (None, Some((path, file))) => {
                let io = |source| FileError::Io { path: path.clone(), source };
                let mut file = file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                file.seek(SeekFrom::Start(start)).map_err(io)?;
                let mut bytes = vec![0; len];
                file.read_exact(&mut bytes).map_err(io)?;
                bytes
            }
            (None, None) => return Err(FileError::NotText(self.source.clone())),
        };
        String::from_utf8(bytes).map_err(|_| FileError::NotText(self.source.clone()))
    }

    /// The tree of `game`, read again from its text.
    ///
    /// # Errors
    /// As [`GameTexts::text`]; [`FileError::NotText`] when the text does not read as
    /// one game without problems any more.
    pub fn game(&self, game: &StoredGame) -> Result<AnyGame, FileError> {
        let text = self.text(game)?;
        let mut games = GameReader::new(&text).filter(|r| r.is_game);
        match (games.next(), games.next()) {
            (Some(read), None) if read.errors.is_empty() => {
                read.game.ok_or_else(|| FileError::NotText(self.source.clone()))
            }
            _ => Err(FileError::NotText(self.source.clone())),
        }
    }

    /// Whether the texts lie in a private copy on disk (a big file).
    pub fn on_disk(&self) -> bool {
        self.copy.is_some()
    }
}

impl Drop for GameTexts {
    fn drop(&mut self) {
        if let Some((path, file)) = self.copy.take() {
            drop(file);
            let _ = std::fs::remove_file(path);
        }
    }
}

/// A record file read for a document: the games read with problems (and a `.ron`
/// file's games) as trees in [`RecordIndex::read`], every other game as a
/// [`StoredGame`].
#[derive(Debug, Default)]
pub struct RecordIndex {
    /// The games kept as trees, with every problem, the games not read and the stamp.
    pub read: RecordsRead,
    /// The games kept as texts, in file order.
    pub stored: Vec<StoredGame>,
    /// The texts of the stored games' rows.
    pub pool: Arc<RowPool>,
    /// Where the stored games' texts lie.
    pub texts: Arc<GameTexts>,
}

/// A name no other copy in the folder has: `open-<process>-<count>.<ext>`.
fn copy_name(ext: &str) -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("open-{}-{n}.{ext}", std::process::id())
}

/// Texts of `path` in a private copy of it in `dir` (and the copy's path), held
/// (locked) while in use and removed when dropped.
///
/// # Errors
/// [`FileError::Io`]: the folder, the copy or the file (nothing is left behind).
fn private_copy(path: &Path, dir: &Path) -> Result<(PathBuf, GameTexts), FileError> {
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |source| FileError::Io { path: p, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let ext = path.extension().map_or_else(|| "pgn".into(), |e| e.to_string_lossy().into_owned());
    let target = dir.join(copy_name(&ext));
    if let Err(e) = std::fs::copy(path, &target) {
        let _ = std::fs::remove_file(&target);
        return Err(io(path)(e));
    }
    let file = match std::fs::OpenOptions::new().read(true).write(true).open(&target) {
        Ok(file) => file,
        Err(e) => {
            let _ = std::fs::remove_file(&target);
            return Err(io(&target)(e));
        }
    };
    // Held while the copy is in use: another window's clean-up leaves it.
    let _ = file.try_lock();
    let texts = GameTexts { bytes: None, copy: Some((target.clone(), Mutex::new(file))), source: path.to_path_buf() };
    Ok((target, texts))
}

/// Removes the private copies in `dir` that no running window holds (left by one that
/// was killed).
pub fn remove_stale_copies(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        if !entry.file_name().to_string_lossy().starts_with("open-") {
            continue;
        }
        let Ok(file) = std::fs::OpenOptions::new().write(true).open(entry.path()) else { continue };
        if file.try_lock().is_ok() {
            drop(file);
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Reads the record file `path` for a document, as [`read_records_with`] does (progress,
/// cancel), keeping each game of a text file read without a problem as a
/// [`StoredGame`]. A file bigger than [`KEEP_IN_MEMORY`] is first copied into
/// `copy_dir` (when given) and read from the copy, which then holds the texts.
///
/// # Errors
/// [`FileError::UnknownFormat`], [`FileError::Io`] (the file, or the copy), or
/// [`FileError::Cancelled`].
pub fn index_records_with(
    path: &Path,
    copy_dir: Option<&Path>,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<RecordIndex, FileError> {
    index_records_keeping(path, copy_dir, KEEP_IN_MEMORY, progress, cancel)
}

/// [`index_records_with`], copying a file bigger than `keep_in_memory` bytes (instead
/// of [`KEEP_IN_MEMORY`]).
///
/// # Errors
/// As [`index_records_with`].
pub fn index_records_keeping(
    path: &Path,
    copy_dir: Option<&Path>,
    keep_in_memory: u64,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
) -> Result<RecordIndex, FileError> {
    let format = Format::from_path(path).ok_or_else(|| FileError::UnknownFormat(path.to_path_buf()))?;
    if format == Format::Ron {
        return Ok(RecordIndex { read: read_records_with(path, progress, cancel)?, ..RecordIndex::default() });
    }
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |source| FileError::Io { path: p, source }
    };
    let stamp = FileStamp::of(path);
    let size = std::fs::metadata(path).map_err(io(path))?.len();
    let name = path.display().to_string();
    let mut sink = IndexSink::default();
    let (read, texts) = match copy_dir.filter(|_| size > keep_in_memory) {
        Some(dir) => {
            // Removed again when reading fails.
            let (target, texts) = private_copy(path, dir)?;
            // Read piece by piece: the file is never all in memory.
            let read = read_text_file(&target, &name, PIECE, progress, cancel, &mut sink)?;
            (read, texts)
        }
        None => {
            let bytes = std::fs::read(path).map_err(io(path))?;
            // Text that is not the file's own bytes (UTF-16 decoded) cannot be read
            // again by place: all of it is kept as trees.
            let read = if crate::record::decode_utf16(&bytes).is_some() {
                super::parse_record_bytes_with(&bytes, format, &name, progress, cancel)
            } else {
                read_text_records_into(&bytes, &name, progress, cancel, Some(&mut sink))
            }
            .map_err(|super::Cancelled| FileError::Cancelled(path.to_path_buf()))?;
            let texts = match sink.stored.is_empty() {
                true => GameTexts::default(),
                false => GameTexts::in_memory(path, Arc::from(bytes)),
            };
            (read, texts)
        }
    };
    let IndexSink { stored, mut pool } = sink;
    pool.finish();
    Ok(RecordIndex { read: RecordsRead { stamp, ..read }, stored, pool: Arc::new(pool), texts: Arc::new(texts) })
}

/// The size of the pieces a big text file is read in (a piece grows when one game is
/// longer, or when a comment in it is not closed).
const PIECE: usize = 4 << 20;

/// Reads the text file `path` as [`read_text_records_into`] reads its bytes, in pieces
/// of about `piece` bytes cut between games, so that only a piece is in memory at a
/// time: the same games, problems and places as the whole file read at once. A UTF-16
/// file is read whole (its games then kept as trees).
///
/// # Errors
/// [`FileError::Io`]; [`FileError::Cancelled`].
pub(crate) fn read_text_file(
    path: &Path,
    name: &str,
    piece: usize,
    progress: &mut dyn FnMut(usize, usize),
    cancel: &AtomicBool,
    sink: &mut IndexSink,
) -> Result<RecordsRead, FileError> {
    let io = |source| FileError::Io { path: path.to_path_buf(), source };
    let cancelled = |super::Cancelled| FileError::Cancelled(path.to_path_buf());
    let mut file = std::fs::File::open(path).map_err(io)?;
    let total = usize::try_from(file.metadata().map_err(io)?.len()).unwrap_or(usize::MAX);
    let mut read = RecordsRead::default();
    let mut buf: Vec<u8> = Vec::new();
    let mut base = Base { total, ..Base::default() };
    let (mut size, mut rest, mut eof) = (piece.max(1), false, false);
    loop {
        // Fill the buffer to the piece's size (the rest of the file for the last one).
        while !eof && (rest || buf.len() < size) {
            let at = buf.len();
            buf.resize(at + (size.max(at) - at).clamp(64 << 10, 8 << 20), 0);
            let n = file.read(&mut buf[at..]).map_err(io)?;
            buf.truncate(at + n);
            eof = n == 0;
        }
        if base.offset == 0 && crate::record::decode_utf16(&buf[..buf.len().min(4)]).is_some() {
            file.read_to_end(&mut buf).map_err(io)?;
            return super::parse_record_bytes_with(&buf, Format::Text, name, progress, cancel).map_err(cancelled);
        }
        // A piece ends at a line end within its size, but for the last.
        let limit = if eof { buf.len() } else { buf.len().min(size) };
        let piece_len = match (eof, buf[..limit].iter().rposition(|&b| b == b'\n')) {
            (true, _) => buf.len(),
            (false, Some(k)) => k + 1,
            (false, None) => {
                size *= 2;
                continue;
            }
        };
        #[cfg(test)]
        tests::PIECES_READ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let end = read_text_piece(&buf[..piece_len], base, eof, name, progress, cancel, Some(&mut *sink), &mut read)
            .map_err(cancelled)?;
        let cut = match end {
            PieceEnd::Done => return Ok(read),
            PieceEnd::Cut(0) => {
                size *= 2;
                continue;
            }
            PieceEnd::Cut(cut) => {
                size = piece.max(1);
                cut
            }
            PieceEnd::CutThenRest(cut) => {
                rest = true;
                cut
            }
        };
        // Lines end as the reader ends them: at `\n`, `\r\n` or a lone `\r`.
        let ends = buf[..cut]
            .iter()
            .enumerate()
            .filter(|&(k, &b)| b == b'\n' || (b == b'\r' && buf.get(k + 1) != Some(&b'\n')))
            .count();
        base.lines += u32::try_from(ends).unwrap_or(u32::MAX);
        base.offset += cut;
        buf.drain(..cut);
    }
}

/// A text file as [`write_stored_records`] wrote it: each game as stored there.
#[derive(Debug, Default)]
pub struct Written {
    /// The games in file order, numbered from 1 (empty for a `.ron` file).
    pub stored: Vec<StoredGame>,
    /// The texts of their rows.
    pub pool: Arc<RowPool>,
    /// Where their texts lie now: the file's bytes, or a private copy of a big file.
    pub texts: Arc<GameTexts>,
}

/// Saves games to the text file `path` atomically, one at a time (a file of many games
/// is never all in memory): each item is a game's text (as read, or written afresh) and
/// its row, separated by a blank line, ending with a newline. Returns where each game
/// stands in the file, with its texts kept as [`index_records_with`] keeps them (in
/// memory up to `keep_in_memory` bytes — [`KEEP_IN_MEMORY`] in the app — else in a
/// private copy in `copy_dir`).
///
/// # Errors
/// The first error of an item, or [`FileError::Io`] (nothing is replaced then).
pub fn write_stored_records(
    path: &Path,
    copy_dir: Option<&Path>,
    keep_in_memory: u64,
    games: impl Iterator<Item = Result<(String, GameRow), FileError>>,
) -> Result<Written, FileError> {
    use std::io::Write;
    let io = |source| FileError::Io { path: path.to_path_buf(), source };
    let mut file = std::io::BufWriter::new(super::AtomicFile::create(path)?);
    let mut pool = RowPool::default();
    let mut stored = Vec::new();
    let mut kept: Option<Vec<u8>> = Some(Vec::new());
    let mut offset: u64 = 0;
    for (i, game) in games.enumerate() {
        let (text, row) = game?;
        let separator: &[u8] = if i > 0 { b"\n\n" } else { b"" };
        file.write_all(separator).map_err(io)?;
        file.write_all(text.as_bytes()).map_err(io)?;
        offset += separator.len() as u64;
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
        stored.push(StoredGame { number, offset, len, row: pool.pack(&row) });
        offset += text.len() as u64;
        if let Some(bytes) = &mut kept {
            bytes.extend_from_slice(separator);
            bytes.extend_from_slice(text.as_bytes());
            if bytes.len() as u64 > keep_in_memory && copy_dir.is_some() {
                kept = None;
            }
        }
    }
    file.write_all(b"\n").map_err(io)?;
    file.into_inner().map_err(|e| io(e.into_error()))?.commit()?;
    pool.finish();
    let texts = match (kept, copy_dir) {
        (Some(mut bytes), _) => {
            bytes.push(b'\n');
            GameTexts::in_memory(path, Arc::from(bytes))
        }
        (None, Some(dir)) => private_copy(path, dir)?.1,
        (None, None) => GameTexts::default(),
    };
    Ok(Written { stored, pool: Arc::new(pool), texts: Arc::new(texts) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// How many pieces [`read_text_file`] has read (all tests together).
    pub(super) static PIECES_READ: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    /// What reading gave, to compare: games, problems, origins, stray text, counts, and
    /// the stored games with their rows.
    fn outcome(read: &RecordsRead, sink: &IndexSink) -> String {
        let rows: Vec<GameRow> = sink.stored.iter().map(|s| sink.pool.unpack(s.number as usize, &s.row)).collect();
        format!(
            "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{}\n{:?}\n{:?}",
            read.games, read.problems, read.origins, read.unread, read.stray, read.game_count, sink.stored, rows
        )
    }

    /// The file read in pieces of `piece` bytes gives what it gives read whole.
    fn same_in_pieces(bytes: &[u8], piece: usize) {
        let dir = std::env::temp_dir().join(format!("orrery-pieces-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_default();
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = dir.join(format!("{n}.pgn"));
        std::fs::write(&path, bytes).unwrap_or_default();
        let cancel = AtomicBool::new(false);
        let mut whole_sink = IndexSink::default();
        let whole = if crate::record::decode_utf16(bytes).is_some() {
            super::super::parse_record_bytes_with(bytes, Format::Text, "f", &mut |_, _| {}, &cancel)
        } else {
            read_text_records_into(bytes, "f", &mut |_, _| {}, &cancel, Some(&mut whole_sink))
        }
        .unwrap_or_default();
        let mut sink = IndexSink::default();
        let pieces = read_text_file(&path, "f", piece, &mut |_, _| {}, &cancel, &mut sink).unwrap_or_default();
        let _ = std::fs::remove_file(&path);
        let (a, b) = (outcome(&whole, &whole_sink), outcome(&pieces, &sink));
        if a != b {
            let k = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
            let around = |t: &str| t.get(k.saturating_sub(200)..(k + 300).min(t.len())).unwrap_or("").to_string();
            panic!(
                "pieces of {piece} bytes read otherwise:\n{:?}\nwhole: …{}…\npieces: …{}…",
                String::from_utf8_lossy(bytes),
                around(&a),
                around(&b)
            );
        }
    }

    const GAMES: [&str; 17] = [
        "\u{feff}[Variant \"Triangular\"]\n[Event \"BOM\"]\n\n1. Bc3d *\n",
        "; a line comment another program wrote\n[Variant \"Interstellar\"]\n\n1. PQ-33 ; after a move\n*\n",
        "[Variant \"Triangular\"]\n[Event \"Tags only\"]\n",
        "[Variant \"Triangular\"]\n[White \"Ann\"]\n\n1. Bc3d Be6l *\n",
        "[Variant \"Interstellar\"]\r\n[Event \"Crlf\"]\r\n\r\n1. PQ-33 *\r\n",
        "[Variant \"Triangular draughts\"]\n\n1. 31-23 15x31 2. 39x23 *\n",
        "1. PQ-33 {a comment\n[Event \"inside\"]\nclosed here} PQ-37 *\n",
        "[Variant \"Triangular\"]\n\n1. Bc3d {never closed\n",
        "[Variant \"Triangular\"]\n\n1. Bc3d Zz9 *\n",
        "stray words between games\n",
        "% an escape line\n",
        "[Variant \"Triangular\"]\n[Stipulation \"mate in zero\"]\n\n*\n",
        "1. PQ-33 * 1. PQ-34 *\n",
        "[Variant \"Interstellar\"]\n\n1. PQ-33 (1. PQ-34 PQ-37) PQ-37 1-0\n",
        "[Variant \"Triangular\"]\n\n1. Bc3d\r2. Nb3d *\r",
        "[Bad tag\n\n1. PQ-33 *\n",
        "[Variant \"Interstellar\"]\n\n1. PQ-33 \u{e9}\u{301} *\n",
    ];

    #[test]
    fn a_file_read_in_pieces_is_read_as_a_whole() {
        let all: String = GAMES.join("\n");
        for piece in [1, 2, 5, 13, 40, 100, 1000, 1 << 20] {
            same_in_pieces(all.as_bytes(), piece);
            // Without the line end at the end, with bytes that are not UTF-8 in the
            // middle, and as UTF-16.
            same_in_pieces(all.trim_end().as_bytes(), piece);
            let mut bad = all.clone().into_bytes();
            bad.splice(200..200, [0xFF, 0xFE, b'x']);
            same_in_pieces(&bad, piece);
        }
        let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(all.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        same_in_pieces(&utf16, 10);
        // Forty clean games in pieces of 200 bytes: read piece by piece.
        let clean: String = (0..40).map(|k| GAMES[k % 3]).collect::<Vec<_>>().join("\n");
        let before = PIECES_READ.load(std::sync::atomic::Ordering::Relaxed);
        same_in_pieces(clean.as_bytes(), 200);
        let pieces = PIECES_READ.load(std::sync::atomic::Ordering::Relaxed) - before;
        assert!(pieces >= clean.len() / 400, "{pieces} pieces for {} bytes", clean.len());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
        /// Any file made of games, stray text and broken games reads the same in
        /// pieces of any size.
        #[test]
        fn any_file_read_in_pieces_is_read_as_a_whole(
            parts in proptest::collection::vec((0..GAMES.len(), 0..3usize), 1..12),
            piece in 1..400usize,
        ) {
            let mut text = String::new();
            for (k, gap) in parts {
                text.push_str(GAMES[k]);
                text.push_str(["", "\n", "\n\n"][gap]);
            }
            same_in_pieces(text.as_bytes(), piece);
        }
    }
}
