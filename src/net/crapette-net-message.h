/* crapette-net-message.h: one authenticated, numbered line of the network protocol
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every message between the two programs of a network match is one line:
 *
 *   SEQ KIND MAC PAYLOAD
 *
 * SEQ counts the sender's messages from 1, KIND names the message, MAC is the HMAC-SHA256
 * (64 hexadecimal digits) of the version, the sender's role, SEQ, KIND and PAYLOAD under the
 * match's key, and PAYLOAD is the rest of the line (docs/network.md). A #CrapetteNetReader
 * checks each line the peer sends before anything in it is believed: its length, its form,
 * its MAC and its place in the sequence.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The protocol this program speaks; a peer that speaks another is refused. */
#define CRAPETTE_NET_PROTOCOL_VERSION 1

/* The key every message is authenticated with, shared through the invitation. */
#define CRAPETTE_NET_KEY_SIZE 32

#define CRAPETTE_NET_ERROR (crapette_net_error_quark ())

/**
 * CrapetteNetError:
 * @CRAPETTE_NET_ERROR_TOO_LONG: a line longer than %CRAPETTE_TRANSPORT_MAX_LINE
 * @CRAPETTE_NET_ERROR_GARBAGE: a line that is not a message of the protocol
 * @CRAPETTE_NET_ERROR_FORGED: a message whose MAC is wrong: not from the other player
 * @CRAPETTE_NET_ERROR_REPLAYED: a message whose number was seen already
 * @CRAPETTE_NET_ERROR_OUT_OF_ORDER: a message that skips numbers
 * @CRAPETTE_NET_ERROR_PROTOCOL: a message that does not belong where it came
 * @CRAPETTE_NET_ERROR_VERSION: the other program speaks another version
 * @CRAPETTE_NET_ERROR_ILLEGAL: a move the rules refuse, or not the other player's
 * @CRAPETTE_NET_ERROR_DESYNC: the two tables no longer agree
 * @CRAPETTE_NET_ERROR_FLOOD: far more messages than any game sends
 * @CRAPETTE_NET_ERROR_GONE: the other player left or stayed away past the grace period
 * @CRAPETTE_NET_ERROR_CHEATED: the hidden deal caught the other program cheating, or it
 *   left a card turned up unshown
 */
typedef enum
{
  CRAPETTE_NET_ERROR_TOO_LONG,
  CRAPETTE_NET_ERROR_GARBAGE,
  CRAPETTE_NET_ERROR_FORGED,
  CRAPETTE_NET_ERROR_REPLAYED,
  CRAPETTE_NET_ERROR_OUT_OF_ORDER,
  CRAPETTE_NET_ERROR_PROTOCOL,
  CRAPETTE_NET_ERROR_VERSION,
  CRAPETTE_NET_ERROR_ILLEGAL,
  CRAPETTE_NET_ERROR_DESYNC,
  CRAPETTE_NET_ERROR_FLOOD,
  CRAPETTE_NET_ERROR_GONE,
  CRAPETTE_NET_ERROR_CHEATED,
} CrapetteNetError;

/* Which end of the match sent a message: its role is inside every MAC, so a message cannot
 * be sent back to the program that wrote it. */
typedef enum
{
  CRAPETTE_NET_ROLE_HOST,
  CRAPETTE_NET_ROLE_GUEST,
} CrapetteNetRole;

typedef enum
{
  CRAPETTE_NET_HELLO,     /* version, game, rules, length, name */
  CRAPETTE_NET_COMMIT,    /* the SHA-256 of the sender's seed */
  CRAPETTE_NET_REVEAL,    /* the seed itself */
  CRAPETTE_NET_MOVE,      /* round, move index, a move in notation (a "Stop!" call too) */
  CRAPETTE_NET_RESIGN,    /* the sender gives the match up */
  CRAPETTE_NET_REMATCH,   /* the sender offers (or accepts) a new match */
  CRAPETTE_NET_PRESET,    /* a short message by its id: good-game, well-played, your-turn … */
  CRAPETTE_NET_PING,      /* nothing else to say: still here */
  CRAPETTE_NET_RESYNC,    /* after a reconnect: last number received, moves, position hash */
  CRAPETTE_NET_BYE,       /* the sender leaves, the match as it stands */
  CRAPETTE_NET_CALL,      /* round, move index: "Stop!" for the player to move to play, or back */
  CRAPETTE_NET_DECK,      /* the hidden deal: one of its four locked lists (crapette-net-peer-hidden.c) */
  CRAPETTE_NET_KEY,       /* the hidden deal: the sender's key for one card turned up */
  CRAPETTE_NET_SECRET,    /* the hidden deal: every secret of the sender's, at the round's end */
  CRAPETTE_NET_N_KINDS
} CrapetteNetKind;

/* A message as the reader accepted it. */
typedef struct
{
  guint64 seq;
  CrapetteNetKind kind;
  char *payload;
} CrapetteNetMessage;

/* What a #CrapetteNetReader checks a peer's lines against. */
typedef struct
{
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  CrapetteNetRole sender;  /* the peer's role */
  guint64 last_seq;        /* the last number accepted, 0 before the first */
  guint64 last_epoch;      /* the last resynchronisation accepted (see docs/network.md) */
  gboolean after_cut;      /* a resynchronisation was sent or taken: a line already taken
                            * that comes again is dropped, not refused */
} CrapetteNetReader;

GQuark          crapette_net_error_quark      (void);

/* Returns the word that names @kind on the wire. */
const char     *crapette_net_kind_to_string   (CrapetteNetKind          kind);

/* Writes the line for message @seq of @sender (@payload without newline; may be ""). */
char           *crapette_net_message_seal     (const guint8            *key,
                                               CrapetteNetRole          sender,
                                               guint64                  seq,
                                               CrapetteNetKind          kind,
                                               const char              *payload);

/* Sets up @reader for the lines @sender writes under @key. */
void            crapette_net_reader_init      (CrapetteNetReader       *reader,
                                               const guint8            *key,
                                               CrapetteNetRole          sender);

/* Checks @line and fills @message (free with crapette_net_message_clear()); %FALSE with a
 * %CRAPETTE_NET_ERROR in plain words when it is refused, and %FALSE with no error when it is
 * a line already taken, sent again after a cut (@after_cut), which is dropped. */
gboolean        crapette_net_reader_accept    (CrapetteNetReader       *reader,
                                               const char              *line,
                                               CrapetteNetMessage      *message,
                                               GError                 **error);

/* Frees what @message holds. */
void            crapette_net_message_clear    (CrapetteNetMessage      *message);

/* Returns the lowercase hexadecimal SHA-256 of @data. */
char           *crapette_net_sha256_hex       (const void              *data,
                                               gsize                    length);

/* Reads @hex (2 × @size digits) into @bytes; %FALSE if it is not that. */
gboolean        crapette_net_parse_hex        (const char              *hex,
                                               guint8                  *bytes,
                                               gsize                    size);

/* Returns @bytes as lowercase hexadecimal. */
char           *crapette_net_format_hex       (const guint8            *bytes,
                                               gsize                    size);

G_END_DECLS
