//! What the grader and a sandbox helper say to each other: one JSON message
//! per datagram on a `SOCK_SEQPACKET` socket pair, with descriptors passed
//! alongside (`SCM_RIGHTS`).

use std::io;
use std::io::{IoSlice, IoSliceMut};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};

use nix::sys::socket::{ControlMessage, ControlMessageOwned, MsgFlags, recvmsg, sendmsg};
use serde::{Deserialize, Serialize};

/// The largest message either side sends; a longer one is an error.
const MAX: usize = 1 << 16;

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum ToHelper {
    /// Start a program. Descriptors: the program file, then its standard
    /// input, output and error.
    Run {
        argv0: String,
        args: Vec<String>,
        /// RLIMIT_AS in bytes, 0 for none.
        memory: u64,
        /// The file is a `#!` script: its descriptor must stay open for the
        /// interpreter, which reads it as /dev/fd/N.
        script: bool,
        /// A file the run makes in its directory that the grader wants back
        /// (a build's program): with namespaces, PID 1 copies it into the
        /// grader's run directory before the space is emptied.
        #[serde(default)]
        collect: Option<String>,
        /// `NAME=VALUE` entries added to the program's fixed environment
        /// (`--repeat` varies its size between runs).
        #[serde(default)]
        env: Vec<String>,
        /// Files (name, text) PID 1 writes into the run's directory before
        /// the run, beside those of the grader's run directory: a scenario's
        /// pack or save file, without a trip through the grader's disk.
        #[serde(default)]
        files: Vec<(String, String)>,
        /// Copy the files of the grader's run directory too (with
        /// namespaces): false when it holds none, which spares the listing.
        copy_dir: bool,
    },
    /// End the running program and everything it started.
    Kill,
}

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub enum FromHelper {
    /// The sandbox is set up and waits for a `Run`.
    Ready,
    /// The sandbox could not be set up: why.
    SetupFailed(String),
    /// The program could not be started: the step and its errno. (A
    /// program that starts is not announced: the grader goes straight to
    /// its output, and waiting for a word from the helper cost every run
    /// a hand-over between processes.)
    NotStarted { step: String, errno: i32 },
    /// The program ended (a wait status) and nothing it started is left.
    /// `disk_full`: it filled its writable space. `clean`: the space is
    /// empty again, ready for the next run (with namespaces; else always);
    /// a helper that could not empty it must not serve another run.
    Exited {
        status: i32,
        disk_full: bool,
        clean: bool,
    },
}

pub fn send<T: Serialize>(sock: BorrowedFd, msg: &T, fds: &[RawFd]) -> io::Result<()> {
    let bytes = serde_json::to_vec(msg).map_err(io::Error::other)?;
    let iov = [IoSlice::new(&bytes)];
    let rights = [ControlMessage::ScmRights(fds)];
    let cmsgs: &[ControlMessage] = if fds.is_empty() { &[] } else { &rights };
    sendmsg::<()>(sock.as_raw_fd(), &iov, cmsgs, MsgFlags::MSG_NOSIGNAL, None)?;
    Ok(())
}

/// What a receive found.
#[derive(Debug)]
pub enum Received<T> {
    Message(T, Vec<OwnedFd>),
    /// Nothing yet (only when not blocking).
    Nothing,
    /// The other side has closed its end.
    Closed,
}

/// One message and the descriptors that came with it.
pub fn recv<T: for<'a> Deserialize<'a>>(
    sock: BorrowedFd,
    nonblocking: bool,
) -> io::Result<Received<T>> {
    // One buffer per thread, zeroed once: a message is small, and zeroing
    // 64 KiB for each one showed in a short run's cost.
    thread_local! {
        static BUF: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(vec![0u8; MAX]);
    }
    BUF.with_borrow_mut(|buf| recv_into(sock, nonblocking, buf))
}

fn recv_into<T: for<'a> Deserialize<'a>>(
    sock: BorrowedFd,
    nonblocking: bool,
    buf: &mut [u8],
) -> io::Result<Received<T>> {
    let mut cmsg = nix::cmsg_space!([RawFd; 4]);
    let flags = MsgFlags::MSG_CMSG_CLOEXEC
        | if nonblocking {
            MsgFlags::MSG_DONTWAIT
        } else {
            MsgFlags::empty()
        };
    let (n, fds, truncated) = loop {
        let mut iov = [IoSliceMut::new(buf)];
        match recvmsg::<()>(sock.as_raw_fd(), &mut iov, Some(&mut cmsg), flags) {
            Ok(m) => {
                let mut fds = Vec::new();
                for c in m.cmsgs().map_err(io::Error::from)? {
                    if let ControlMessageOwned::ScmRights(got) = c {
                        // SAFETY: descriptors the kernel just gave this process.
                        fds.extend(got.into_iter().map(|f| unsafe { OwnedFd::from_raw_fd(f) }));
                    }
                }
                break (
                    m.bytes,
                    fds,
                    m.flags
                        .intersects(MsgFlags::MSG_TRUNC | MsgFlags::MSG_CTRUNC),
                );
            }
            Err(nix::errno::Errno::EINTR) => continue,
            Err(nix::errno::Errno::EAGAIN) if nonblocking => return Ok(Received::Nothing),
            Err(e) => return Err(e.into()),
        }
    };
    if n == 0 {
        return Ok(Received::Closed);
    }
    if truncated {
        return Err(io::Error::other("a sandbox message was cut short"));
    }
    let msg = serde_json::from_slice(&buf[..n])
        .map_err(|e| io::Error::other(format!("a malformed sandbox message: {e}")))?;
    Ok(Received::Message(msg, fds))
}
