/* crapette-hidden-deck.h: a deal whose face-down cards neither player's program can read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each player holds one CrapetteHiddenParty. The first player (the host) shuffles and locks
 * the deck, the second shuffles and locks it again, then each swaps its whole-deck lock for
 * one lock per position. A card is read only when both release their key for its position.
 * At the end of the round both show every secret and each checks the other's work against
 * the commitment it sent first. docs/network.md, "Hidden cards", gives the argument.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One locked card: a ristretto255 group element. */
#define CRAPETTE_HIDDEN_ELEMENT_SIZE 32
/* One position's key as released for a reveal. */
#define CRAPETTE_HIDDEN_KEY_SIZE 32
#define CRAPETTE_HIDDEN_COMMITMENT_SIZE 32
/* Two packs of 52 (Russian Bank); American Bank uses one. */
#define CRAPETTE_HIDDEN_MAX_CARDS 104

#define CRAPETTE_HIDDEN_ERROR (crapette_hidden_error_quark ())
GQuark crapette_hidden_error_quark (void);

typedef enum
{
  CRAPETTE_HIDDEN_ERROR_MALFORMED,  /* a list or a secret that cannot be read */
  CRAPETTE_HIDDEN_ERROR_ORDER,      /* a step taken out of its order */
  CRAPETTE_HIDDEN_ERROR_NOT_DUE,    /* a reveal for a position the rules have not turned up */
  CRAPETTE_HIDDEN_ERROR_NOT_A_CARD, /* a wrong key or a substituted card */
  CRAPETTE_HIDDEN_ERROR_DUPLICATE,  /* a card that was already seen */
  CRAPETTE_HIDDEN_ERROR_CHEATED,    /* the secrets shown at the end contradict the deal */
} CrapetteHiddenError;

/* Who locks first: the host, then the guest. */
typedef enum
{
  CRAPETTE_HIDDEN_FIRST,
  CRAPETTE_HIDDEN_SECOND,
} CrapetteHiddenTurn;

typedef struct _CrapetteHiddenParty CrapetteHiddenParty;

/* Starts libsodium; FALSE if it cannot be used (then play falls back to the open deal). */
gboolean crapette_hidden_init (void);

/* The public element that stands for a card (0 to 103) in the round with this label. */
void crapette_hidden_card_value (const char *label,
                                 guint       card,
                                 guint8     *element);

/* A party to a deal of n_cards in packs of pack_size (each pack is shuffled on its own, so
 * that South's pack stays South's); label is public and new for every round. */
CrapetteHiddenParty *crapette_hidden_party_new (const char         *label,
                                                guint               n_cards,
                                                guint               pack_size,
                                                CrapetteHiddenTurn  turn);
/* Forgets every secret (wiped from memory) and frees the party. */
void crapette_hidden_party_free (CrapetteHiddenParty *self);

/* The number of cards, and of bytes in one locked list (n_cards elements). */
guint crapette_hidden_party_get_n_cards (CrapetteHiddenParty *self);
gsize crapette_hidden_party_get_deck_size (CrapetteHiddenParty *self);

/* This party's commitment to all its secrets, sent before its first list. */
const guint8 *crapette_hidden_party_get_commitment (CrapetteHiddenParty *self);
/* Keeps the other's commitment, to be checked at the end of the round. */
void crapette_hidden_party_set_other_commitment (CrapetteHiddenParty *self,
                                                 const guint8        *commitment);

/* Step 1 (first, deck_in NULL) or 2 (second, the first's list): shuffle and lock. */
gboolean crapette_hidden_party_shuffle (CrapetteHiddenParty  *self,
                                        const guint8         *deck_in,
                                        guint8               *deck_out,
                                        GError              **error);
/* Step 3 (first) or 4 (second): swap the whole-deck lock for one lock per position. The
 * second's output is the final deck. */
gboolean crapette_hidden_party_rekey (CrapetteHiddenParty  *self,
                                      const guint8         *deck_in,
                                      guint8               *deck_out,
                                      GError              **error);
/* The first receives the final deck from the second. */
gboolean crapette_hidden_party_accept_final (CrapetteHiddenParty  *self,
                                             const guint8         *deck,
                                             GError              **error);
/* TRUE once the final deck is known. */
gboolean crapette_hidden_party_is_dealt (CrapetteHiddenParty *self);

/* The rules turn the card at position up: only then are keys for it given or taken. */
gboolean crapette_hidden_party_expect (CrapetteHiddenParty  *self,
                                       guint                 position,
                                       GError              **error);
/* This party's key for a position that is due. */
gboolean crapette_hidden_party_release_key (CrapetteHiddenParty  *self,
                                            guint                 position,
                                            guint8               *key_out,
                                            GError              **error);
/* Unlocks a due position with the other's key: the card, 0 to n_cards - 1, which must be
 * one of its pack's cards not yet seen. */
gboolean crapette_hidden_party_open (CrapetteHiddenParty  *self,
                                     guint                 position,
                                     const guint8         *other_key,
                                     guint                *card_out,
                                     GError              **error);

/* Every secret, for the end of the round (after which the party reveals nothing more). */
GBytes *crapette_hidden_party_export_secret (CrapetteHiddenParty *self);
/* Checks the other's secrets against its commitment, its lists and the keys it released,
 * then reads the whole deal into cards_out (n_cards, one card per position). */
gboolean crapette_hidden_party_verify_other (CrapetteHiddenParty  *self,
                                             GBytes               *other_secret,
                                             guint                *cards_out,
                                             GError              **error);

/* The card opened at a position, if it has been (crapette_hidden_party_open()). */
gboolean crapette_hidden_party_get_opened (CrapetteHiddenParty *self,
                                           guint                position,
                                           guint               *card_out);

/* Everything the party holds, to be kept on disk while its round is played (the bytes hold
 * its secrets: only its owner may read them), and the party again from them; a damaged
 * copy, or one of another round (another label), is refused. */
GBytes              *crapette_hidden_party_save (CrapetteHiddenParty  *self);
CrapetteHiddenParty *crapette_hidden_party_load (const char           *label,
                                                 GBytes               *kept,
                                                 GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CrapetteHiddenParty, crapette_hidden_party_free)

G_END_DECLS
