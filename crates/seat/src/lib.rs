//! The seat protocol, the layer above the rule sets (`upcard-rules`): its
//! messages ([`protocol`], derived serde types written and read by one
//! definition), a seat played by a program or a network client
//! ([`program_seat`]: a program starts in the sandbox, `upcard-sandbox`), and
//! the other end ([`client`], which checks what a server sends). A standard
//! table starts its programs through [`program_seat::Launch`], which it is
//! given as its `ProgramSeats`: the rules do not know the sandbox. Play sits
//! above it (docs/architecture.md, docs/seat-protocol.md).

pub mod client;
pub mod program_seat;
pub mod protocol;
