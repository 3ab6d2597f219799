//! Sounds (View → Sounds, off by default): a short tone for a move, a capture, Target
//! or check, and the end of the game. The tones are made here as WAV files (no sound
//! files ship with the app) and played by the system's own player in the background —
//! `pw-play`, `paplay` or `aplay` on Linux, `afplay` on macOS, PowerShell on Windows —
//! so building needs no sound library. No egui here.

use std::path::{Path, PathBuf};

/// What a move sounds like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A move.
    Move,
    /// A move that takes a piece.
    Capture,
    /// A move that puts the planet in Target or the king in check.
    Check,
    /// A move that ends the game.
    End,
}

impl Sound {
    /// Every sound.
    pub const ALL: [Sound; 4] = [Sound::Move, Sound::Capture, Sound::Check, Sound::End];

    /// The file name of its tone.
    fn file_name(self) -> &'static str {
        match self {
            Sound::Move => "move.wav",
            Sound::Capture => "capture.wav",
            Sound::Check => "check.wav",
            Sound::End => "end.wav",
        }
    }

    /// Its notes: (frequency in Hz, length in ms), played one after another.
    fn notes(self) -> &'static [(f32, u32)] {
        match self {
            Sound::Move => &[(523.25, 55)],
            Sound::Capture => &[(392.0, 45), (261.63, 70)],
            Sound::Check => &[(880.0, 70), (1174.66, 90)],
            Sound::End => &[(523.25, 110), (659.25, 110), (783.99, 220)],
        }
    }
}

/// The sample rate of the tones, in Hz.
pub const SAMPLE_RATE: u32 = 22_050;

/// The tone of `sound` as a WAV file (16-bit mono PCM at [`SAMPLE_RATE`]): its notes,
/// each a sine with a quick attack and an exponential decay, so it clicks softly
/// rather than beeps.
pub fn wav_bytes(sound: Sound) -> Vec<u8> {
    let mut samples: Vec<i16> = Vec::new();
    for &(frequency, ms) in sound.notes() {
        let n = (SAMPLE_RATE * ms / 1000) as usize;
        for i in 0..n {
            let t = i as f32 / SAMPLE_RATE as f32;
            let attack = (i as f32 / 60.0).min(1.0);
            let decay = (-5.0 * i as f32 / n as f32).exp();
            let v = (2.0 * std::f32::consts::PI * frequency * t).sin() * attack * decay * 0.35;
            samples.push((v * f32::from(i16::MAX)) as i16);
        }
    }
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // block align
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

/// Plays the sounds: writes the tones into a folder once, then hands each to the
/// system's player on a thread of its own. Every sound asked for is also kept in
/// [`SoundPlayer::played`] (what UI tests check); a player without a folder plays
/// nothing aloud.
#[derive(Debug, Default)]
pub struct SoundPlayer {
    folder: Option<PathBuf>,
    written: bool,
    /// The sounds asked for so far, oldest first (at most the last 64).
    pub played: Vec<Sound>,
    /// Why the last sound could not be played aloud, if it could not.
    pub problem: Option<String>,
    /// Set by a playing thread that found no player that runs.
    silent: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// What the app says when no sound player could be run.
pub const NO_PLAYER: &str = "No sound could be played: install a player (pw-play, paplay or aplay from alsa-utils)";

impl SoundPlayer {
    /// A player writing its tones into `folder` (the app's data folder; none: silent).
    pub fn new(folder: Option<PathBuf>) -> SoundPlayer {
        SoundPlayer { folder, ..SoundPlayer::default() }
    }

    /// Plays `sound` (in the background; never waits).
    pub fn play(&mut self, sound: Sound) {
        self.played.push(sound);
        if self.played.len() > 64 {
            self.played.remove(0);
        }
        let Some(folder) = self.folder.clone() else { return };
        if !self.written {
            if let Err(e) = std::fs::create_dir_all(&folder) {
                self.problem = Some(format!("The sounds could not be written: {}: {e}", folder.display()));
                return;
            }
            for s in Sound::ALL {
                if let Err(e) = crate::files::write_atomic_bytes(&folder.join(s.file_name()), &wav_bytes(s)) {
                    self.problem = Some(format!("The sounds could not be written: {e}"));
                    return;
                }
            }
            self.written = true;
        }
        let file = folder.join(sound.file_name());
        let silent = self.silent.clone();
        super::jobs::detach("sound", move || {
            if !play_file(&file) {
                silent.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
    }

    /// Whether a sound found no player to play it since last asked (said once).
    pub fn no_player(&self) -> bool {
        self.silent.swap(false, std::sync::atomic::Ordering::Relaxed)
    }
}

/// Plays a WAV file with the first of the system's players that runs; `false` when
/// none did.
fn play_file(file: &Path) -> bool {
    let players: &[(&str, &[&str])] = if cfg!(target_os = "macos") {
        &[("afplay", &[])]
    } else if cfg!(target_os = "windows") {
        &[("powershell", &["-NoProfile", "-Command"])]
    } else {
        &[("pw-play", &[]), ("paplay", &[]), ("aplay", &["-q"])]
    };
    for (program, args) in players {
        let mut command = std::process::Command::new(program);
        command.args(*args);
        if cfg!(target_os = "windows") {
            command.arg(format!("(New-Object Media.SoundPlayer '{}').PlaySync()", file.display()));
        } else {
            command.arg(file);
        }
        let status = command
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
        if status.is_ok_and(|s| s.success()) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tone_is_a_well_formed_wav_of_its_notes_length() {
        for sound in Sound::ALL {
            let wav = wav_bytes(sound);
            assert_eq!(&wav[..4], b"RIFF");
            assert_eq!(&wav[8..16], b"WAVEfmt ");
            let data_len = u32::from_le_bytes(wav[40..44].try_into().unwrap()) as usize;
            assert_eq!(wav.len(), 44 + data_len);
            let ms: u32 = sound.notes().iter().map(|n| n.1).sum();
            let samples: usize = sound.notes().iter().map(|&(_, ms)| (SAMPLE_RATE * ms / 1000) as usize).sum();
            assert_eq!(data_len, samples * 2, "{sound:?}: {ms} ms");
            // Not silent, and never clipped.
            let peak = wav[44..].chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]]).unsigned_abs()).max().unwrap();
            assert!(peak > 3000 && peak < i16::MAX.unsigned_abs(), "{sound:?}: peak {peak}");
        }
        // The four sounds differ.
        let all: std::collections::HashSet<Vec<u8>> = Sound::ALL.iter().map(|s| wav_bytes(*s)).collect();
        assert_eq!(all.len(), 4);
    }

    #[test]
    fn a_player_without_a_folder_keeps_what_it_was_asked_and_writes_nothing() {
        let mut player = SoundPlayer::new(None);
        player.play(Sound::Move);
        player.play(Sound::End);
        assert_eq!(player.played, [Sound::Move, Sound::End]);
        assert!(player.problem.is_none());
    }
}
