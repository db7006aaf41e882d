/* crapette-hidden-deck.c: a deal whose face-down cards neither player's program can read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Commutative locks on the prime-order group ristretto255: a card is a group element, a lock
 * is multiplication by a secret scalar, and locks by the two players can be taken off in
 * any order. Four public lists make the deal:
 *
 *   L0 = first's  a  ·P[πA(i)]     L1 = second's b · L0[πB(i)]
 *   L2 = first's  (aᵢ/a)·L1[i]     L3 = second's (bᵢ/b)·L2[i]  =  aᵢ·bᵢ·P[card(i)]
 *
 * so position i of the final deck L3 opens only with both 1/aᵢ and 1/bᵢ. The secrets
 * (a, πA, every aᵢ) are committed to by a hash before L0 and shown at the end of the round,
 * when the other recomputes the lists from them. Why neither learns the order: docs/network.md.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-hidden-deck.h"

#include <string.h>
#include <sodium.h>

#define ELEMENT CRAPETTE_HIDDEN_ELEMENT_SIZE
#define SCALAR crypto_core_ristretto255_SCALARBYTES
#define NONCE_SIZE 32
#define DOMAIN "crapette-hidden/1"

/* The four public lists, in the order they are made. */
enum { LIST_FIRST_SHUFFLE, LIST_SECOND_SHUFFLE, LIST_FIRST_REKEY, LIST_FINAL, N_LISTS };

struct _CrapetteHiddenParty
{
  char *label;
  guint n_cards;
  guint pack_size;
  CrapetteHiddenTurn turn;
  /* How many of the four lists this party holds so far. */
  guint n_lists;

  /* Public: each card's element, derived from the label. */
  guint8 card_values[CRAPETTE_HIDDEN_MAX_CARDS][ELEMENT];
  guint8 lists[N_LISTS][CRAPETTE_HIDDEN_MAX_CARDS][ELEMENT];

  /* Secret until the end of the round; the commitment covers all of it. */
  guint8 nonce[NONCE_SIZE];
  guint8 deck_key[SCALAR];
  guint8 permutation[CRAPETTE_HIDDEN_MAX_CARDS];
  guint8 card_keys[CRAPETTE_HIDDEN_MAX_CARDS][SCALAR];
  guint8 commitment[CRAPETTE_HIDDEN_COMMITMENT_SIZE];
  gboolean secret_shown;

  guint8 other_commitment[CRAPETTE_HIDDEN_COMMITMENT_SIZE];
  gboolean has_other_commitment;

  /* Reveals: positions the rules turned up, those opened, the cards seen. */
  gboolean due[CRAPETTE_HIDDEN_MAX_CARDS];
  gboolean opened[CRAPETTE_HIDDEN_MAX_CARDS];
  gboolean seen[CRAPETTE_HIDDEN_MAX_CARDS];
  guint opened_card[CRAPETTE_HIDDEN_MAX_CARDS];
  guint8 other_keys[CRAPETTE_HIDDEN_MAX_CARDS][CRAPETTE_HIDDEN_KEY_SIZE];
};

G_DEFINE_QUARK (crapette-hidden-error-quark, crapette_hidden_error)

static gboolean
refuse (GError     **error,
        int          code,
        const char  *message)
{
  g_set_error_literal (error, CRAPETTE_HIDDEN_ERROR, code, message);
  return FALSE;
}

gboolean
crapette_hidden_init (void)
{
  /* 0 the first time, 1 after; -1 only when the library cannot run at all. */
  return sodium_init () >= 0;
}

void
crapette_hidden_card_value (const char *label,
                            guint       card,
                            guint8     *element)
{
  guint8 hash[crypto_core_ristretto255_HASHBYTES];
  guint8 index[2] = { card & 0xff, card >> 8 };
  crypto_generichash_state state;

  crypto_generichash_init (&state, NULL, 0, sizeof hash);
  crypto_generichash_update (&state, (const guint8 *) DOMAIN " card", sizeof DOMAIN " card");
  crypto_generichash_update (&state, (const guint8 *) label, strlen (label) + 1);
  crypto_generichash_update (&state, index, sizeof index);
  crypto_generichash_final (&state, hash, sizeof hash);
  crypto_core_ristretto255_from_hash (element, hash);
}

static gsize
secret_size (guint n_cards)
{
  return NONCE_SIZE + SCALAR + n_cards + (gsize) n_cards * SCALAR;
}

static void
write_secret (CrapetteHiddenParty *self,
              guint8              *out)
{
  memcpy (out, self->nonce, NONCE_SIZE);
  out += NONCE_SIZE;
  memcpy (out, self->deck_key, SCALAR);
  out += SCALAR;
  memcpy (out, self->permutation, self->n_cards);
  out += self->n_cards;
  memcpy (out, self->card_keys, (gsize) self->n_cards * SCALAR);
}

/* The hash binds the secret to the round's label, the turn and the deal's shape, so that one
 * player's commitment cannot be replayed as the other's. */
static void
commit (const CrapetteHiddenParty *self,
        CrapetteHiddenTurn         turn,
        const guint8              *secret,
        guint8                    *commitment)
{
  guint8 shape[3] = { turn, self->n_cards, self->pack_size };
  crypto_generichash_state state;

  crypto_generichash_init (&state, NULL, 0, CRAPETTE_HIDDEN_COMMITMENT_SIZE);
  crypto_generichash_update (&state, (const guint8 *) DOMAIN " commit", sizeof DOMAIN " commit");
  crypto_generichash_update (&state, (const guint8 *) self->label, strlen (self->label) + 1);
  crypto_generichash_update (&state, shape, sizeof shape);
  crypto_generichash_update (&state, secret, secret_size (self->n_cards));
  crypto_generichash_final (&state, commitment, CRAPETTE_HIDDEN_COMMITMENT_SIZE);
}

/* A random non-zero scalar (zero would erase the card). */
static void
random_scalar (guint8 *scalar)
{
  guint8 inverse[SCALAR];

  do
    crypto_core_ristretto255_scalar_random (scalar);
  while (crypto_core_ristretto255_scalar_invert (inverse, scalar) != 0);
  sodium_memzero (inverse, sizeof inverse);
}

/* Fisher–Yates within each pack, from the system's random source. */
static void
shuffle_packs (guint8 *permutation,
               guint   n_cards,
               guint   pack_size)
{
  for (guint i = 0; i < n_cards; i++)
    permutation[i] = i;
  for (guint start = 0; start < n_cards; start += pack_size)
    for (guint i = pack_size - 1; i > 0; i--)
      {
        guint j = randombytes_uniform (i + 1);
        guint8 held = permutation[start + i];

        permutation[start + i] = permutation[start + j];
        permutation[start + j] = held;
      }
}

CrapetteHiddenParty *
crapette_hidden_party_new (const char         *label,
                           guint               n_cards,
                           guint               pack_size,
                           CrapetteHiddenTurn  turn)
{
  CrapetteHiddenParty *self;
  guint8 secret[NONCE_SIZE + SCALAR + CRAPETTE_HIDDEN_MAX_CARDS * (1 + SCALAR)];

  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (n_cards > 0 && n_cards <= CRAPETTE_HIDDEN_MAX_CARDS, NULL);
  g_return_val_if_fail (pack_size > 0 && n_cards % pack_size == 0, NULL);
  g_return_val_if_fail (turn == CRAPETTE_HIDDEN_FIRST || turn == CRAPETTE_HIDDEN_SECOND, NULL);

  self = g_new0 (CrapetteHiddenParty, 1);
  self->label = g_strdup (label);
  self->n_cards = n_cards;
  self->pack_size = pack_size;
  self->turn = turn;
  for (guint card = 0; card < n_cards; card++)
    crapette_hidden_card_value (label, card, self->card_values[card]);

  randombytes_buf (self->nonce, NONCE_SIZE);
  random_scalar (self->deck_key);
  shuffle_packs (self->permutation, n_cards, pack_size);
  for (guint i = 0; i < n_cards; i++)
    random_scalar (self->card_keys[i]);

  write_secret (self, secret);
  commit (self, turn, secret, self->commitment);
  sodium_memzero (secret, sizeof secret);
  return self;
}

void
crapette_hidden_party_free (CrapetteHiddenParty *self)
{
  if (self == NULL)
    return;
  g_free (self->label);
  sodium_memzero (self, sizeof *self);
  g_free (self);
}

guint
crapette_hidden_party_get_n_cards (CrapetteHiddenParty *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_cards;
}

gsize
crapette_hidden_party_get_deck_size (CrapetteHiddenParty *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return (gsize) self->n_cards * ELEMENT;
}

const guint8 *
crapette_hidden_party_get_commitment (CrapetteHiddenParty *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->commitment;
}

void
crapette_hidden_party_set_other_commitment (CrapetteHiddenParty *self,
                                            const guint8        *commitment)
{
  g_return_if_fail (self != NULL && commitment != NULL);
  memcpy (self->other_commitment, commitment, CRAPETTE_HIDDEN_COMMITMENT_SIZE);
  self->has_other_commitment = TRUE;
}

/* A list from the other side must hold valid elements, all different: an honest list
 * always does, and a repeated element would let its sender follow a card. */
static gboolean
read_list (CrapetteHiddenParty  *self,
           const guint8         *deck,
           guint                 list,
           GError              **error)
{
  g_autoptr(GHashTable) elements = g_hash_table_new (g_bytes_hash, g_bytes_equal);
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

  for (guint i = 0; i < self->n_cards; i++)
    {
      const guint8 *element = deck + (gsize) i * ELEMENT;
      GBytes *key;

      /* The identity (all zero bytes) is a valid point, but it would lock no card. */
      if (!crypto_core_ristretto255_is_valid_point (element) || sodium_is_zero (element, ELEMENT))
        return refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED,
                       "The other player's program sent a deck with an unreadable card");
      key = g_bytes_new (element, ELEMENT);
      g_ptr_array_add (keys, key);
      if (!g_hash_table_add (elements, key))
        return refuse (error, CRAPETTE_HIDDEN_ERROR_DUPLICATE,
                       "The other player's program sent a deck with the same card twice");
    }
  memcpy (self->lists[list], deck, (gsize) self->n_cards * ELEMENT);
  return TRUE;
}

/* out[i] = key · source[permutation[i]]: the shuffle and lock of steps 1 and 2. */
static gboolean
lock_shuffled (const guint8  *key,
               const guint8  *permutation,
               guint8         source[][ELEMENT],
               guint8         out[][ELEMENT],
               guint          n_cards)
{
  for (guint i = 0; i < n_cards; i++)
    if (crypto_scalarmult_ristretto255 (out[i], key, source[permutation[i]]) != 0)
      return FALSE;
  return TRUE;
}

/* out[i] = (card_keys[i] / deck_key) · in[i]: the swap of locks of steps 3 and 4. */
static gboolean
swap_locks (const guint8  *deck_key,
            guint8         card_keys[][SCALAR],
            guint8         in[][ELEMENT],
            guint8         out[][ELEMENT],
            guint          n_cards)
{
  guint8 unlock[SCALAR];
  guint8 factor[SCALAR];
  gboolean ok = crypto_core_ristretto255_scalar_invert (unlock, deck_key) == 0;

  for (guint i = 0; ok && i < n_cards; i++)
    {
      crypto_core_ristretto255_scalar_mul (factor, card_keys[i], unlock);
      ok = crypto_scalarmult_ristretto255 (out[i], factor, in[i]) == 0;
    }
  sodium_memzero (unlock, sizeof unlock);
  sodium_memzero (factor, sizeof factor);
  return ok;
}

gboolean
crapette_hidden_party_shuffle (CrapetteHiddenParty  *self,
                               const guint8         *deck_in,
                               guint8               *deck_out,
                               GError              **error)
{
  guint list;

  g_return_val_if_fail (self != NULL && deck_out != NULL, FALSE);

  if (self->turn == CRAPETTE_HIDDEN_FIRST)
    {
      if (self->n_lists != 0 || deck_in != NULL)
        return refuse (error, CRAPETTE_HIDDEN_ERROR_ORDER, "The deck was shuffled out of turn");
      if (!lock_shuffled (self->deck_key, self->permutation, self->card_values,
                          self->lists[LIST_FIRST_SHUFFLE], self->n_cards))
        return refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED, "A card could not be locked");
      list = LIST_FIRST_SHUFFLE;
    }
  else
    {
      if (self->n_lists != 0 || deck_in == NULL)
        return refuse (error, CRAPETTE_HIDDEN_ERROR_ORDER, "The deck was shuffled out of turn");
      if (!read_list (self, deck_in, LIST_FIRST_SHUFFLE, error))
        return FALSE;
      if (!lock_shuffled (self->deck_key, self->permutation, self->lists[LIST_FIRST_SHUFFLE],
                          self->lists[LIST_SECOND_SHUFFLE], self->n_cards))
        return refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED,
                       "The other player's program sent a deck with an empty card");
      list = LIST_SECOND_SHUFFLE;
    }
  self->n_lists = list + 1;
  memcpy (deck_out, self->lists[list], (gsize) self->n_cards * ELEMENT);
  return TRUE;
}

gboolean
crapette_hidden_party_rekey (CrapetteHiddenParty  *self,
                             const guint8         *deck_in,
                             guint8               *deck_out,
                             GError              **error)
{
  guint in_list = self->turn == CRAPETTE_HIDDEN_FIRST ? LIST_SECOND_SHUFFLE : LIST_FIRST_REKEY;

  g_return_val_if_fail (self != NULL && deck_in != NULL && deck_out != NULL, FALSE);

  if (self->n_lists != in_list)
    return refuse (error, CRAPETTE_HIDDEN_ERROR_ORDER, "The deck was locked again out of turn");
  if (!read_list (self, deck_in, in_list, error))
    return FALSE;
  if (!swap_locks (self->deck_key, self->card_keys, self->lists[in_list],
                   self->lists[in_list + 1], self->n_cards))
    return refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED,
                   "The other player's program sent a deck with an empty card");
  self->n_lists = in_list + 2;
  memcpy (deck_out, self->lists[in_list + 1], (gsize) self->n_cards * ELEMENT);
  return TRUE;
}

gboolean
crapette_hidden_party_accept_final (CrapetteHiddenParty  *self,
                                    const guint8         *deck,
                                    GError              **error)
{
  g_return_val_if_fail (self != NULL && deck != NULL, FALSE);

  if (self->turn != CRAPETTE_HIDDEN_FIRST || self->n_lists != LIST_FINAL)
    return refuse (error, CRAPETTE_HIDDEN_ERROR_ORDER, "The final deck came out of turn");
  if (!read_list (self, deck, LIST_FINAL, error))
    return FALSE;
  self->n_lists = N_LISTS;
  return TRUE;
}

gboolean
crapette_hidden_party_is_dealt (CrapetteHiddenParty *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->n_lists == N_LISTS;
}

static gboolean
check_position (CrapetteHiddenParty  *self,
                guint                 position,
                GError              **error)
{
  if (self->n_lists != N_LISTS || self->secret_shown)
    return refuse (error, CRAPETTE_HIDDEN_ERROR_ORDER, "No card can be turned up now");
  if (position >= self->n_cards)
    return refuse (error, CRAPETTE_HIDDEN_ERROR_NOT_DUE, "There is no such card in the deal");
  return TRUE;
}

gboolean
crapette_hidden_party_expect (CrapetteHiddenParty  *self,
                              guint                 position,
                              GError              **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!check_position (self, position, error))
    return FALSE;
  self->due[position] = TRUE;
  return TRUE;
}

gboolean
crapette_hidden_party_release_key (CrapetteHiddenParty  *self,
                                   guint                 position,
                                   guint8               *key_out,
                                   GError              **error)
{
  g_return_val_if_fail (self != NULL && key_out != NULL, FALSE);

  if (!check_position (self, position, error))
    return FALSE;
  if (!self->due[position])
    return refuse (error, CRAPETTE_HIDDEN_ERROR_NOT_DUE,
                   "A face-down card was asked for before the rules turned it up");
  /* The released key takes this side's lock off: 1/aᵢ. */
  if (crypto_core_ristretto255_scalar_invert (key_out, self->card_keys[position]) != 0)
    return refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED, "A card's key could not be made");
  return TRUE;
}

static gboolean
find_card (CrapetteHiddenParty *self,
           guint                position,
           const guint8        *element,
           guint               *card_out)
{
  guint start = position / self->pack_size * self->pack_size;

  for (guint card = start; card < start + self->pack_size; card++)
    if (sodium_memcmp (element, self->card_values[card], ELEMENT) == 0)
      {
        *card_out = card;
        return TRUE;
      }
  return FALSE;
}

/* Takes off both locks of a position, given both released keys. */
static gboolean
unlock_position (CrapetteHiddenParty *self,
                 guint                position,
                 const guint8        *own_key,
                 const guint8        *other_key,
                 guint8              *element)
{
  guint8 both[SCALAR];
  gboolean ok;

  crypto_core_ristretto255_scalar_mul (both, own_key, other_key);
  ok = crypto_scalarmult_ristretto255 (element, both, self->lists[LIST_FINAL][position]) == 0;
  sodium_memzero (both, sizeof both);
  return ok;
}

gboolean
crapette_hidden_party_open (CrapetteHiddenParty  *self,
                            guint                 position,
                            const guint8         *other_key,
                            guint                *card_out,
                            GError              **error)
{
  guint8 own_key[CRAPETTE_HIDDEN_KEY_SIZE];
  guint8 element[ELEMENT];
  guint card;

  g_return_val_if_fail (self != NULL && other_key != NULL && card_out != NULL, FALSE);

  if (!check_position (self, position, error))
    return FALSE;
  if (!self->due[position])
    return refuse (error, CRAPETTE_HIDDEN_ERROR_NOT_DUE,
                   "A key came for a face-down card the rules have not turned up");
  if (self->opened[position])
    return refuse (error, CRAPETTE_HIDDEN_ERROR_ORDER, "This card was already turned up");
  if (!crapette_hidden_party_release_key (self, position, own_key, error))
    return FALSE;
  if (!unlock_position (self, position, own_key, other_key, element)
      || !find_card (self, position, element, &card))
    {
      sodium_memzero (own_key, sizeof own_key);
      return refuse (error, CRAPETTE_HIDDEN_ERROR_NOT_A_CARD,
                     "The other player's program sent a key that opens no card");
    }
  sodium_memzero (own_key, sizeof own_key);
  if (self->seen[card])
    return refuse (error, CRAPETTE_HIDDEN_ERROR_DUPLICATE,
                   "A card was turned up twice: the deal has been tampered with");

  self->seen[card] = TRUE;
  self->opened[position] = TRUE;
  self->opened_card[position] = card;
  memcpy (self->other_keys[position], other_key, CRAPETTE_HIDDEN_KEY_SIZE);
  *card_out = card;
  return TRUE;
}

GBytes *
crapette_hidden_party_export_secret (CrapetteHiddenParty *self)
{
  guint8 *secret;

  g_return_val_if_fail (self != NULL, NULL);

  secret = g_malloc (secret_size (self->n_cards));
  write_secret (self, secret);
  self->secret_shown = TRUE;
  return g_bytes_new_take (secret, secret_size (self->n_cards));
}

static gboolean
is_pack_permutation (CrapetteHiddenParty *self,
                     const guint8        *permutation)
{
  gboolean used[CRAPETTE_HIDDEN_MAX_CARDS] = { FALSE };

  for (guint i = 0; i < self->n_cards; i++)
    {
      if (permutation[i] >= self->n_cards || used[permutation[i]]
          || permutation[i] / self->pack_size != i / self->pack_size)
        return FALSE;
      used[permutation[i]] = TRUE;
    }
  return TRUE;
}

static gboolean
lists_equal (guint8 a[][ELEMENT],
             guint8 b[][ELEMENT],
             guint  n_cards)
{
  return sodium_memcmp (a, b, (gsize) n_cards * ELEMENT) == 0;
}

/* Redoes the other's two steps from its secrets and compares with the lists it sent. */
static gboolean
replay_other (CrapetteHiddenParty *self,
              const guint8        *deck_key,
              const guint8        *permutation,
              guint8               card_keys[][SCALAR])
{
  guint8 (*redone)[ELEMENT] = g_malloc ((gsize) self->n_cards * ELEMENT);
  gboolean ok;

  if (self->turn == CRAPETTE_HIDDEN_SECOND)
    ok = lock_shuffled (deck_key, permutation, self->card_values, redone, self->n_cards)
         && lists_equal (redone, self->lists[LIST_FIRST_SHUFFLE], self->n_cards)
         && swap_locks (deck_key, card_keys, self->lists[LIST_SECOND_SHUFFLE], redone,
                        self->n_cards)
         && lists_equal (redone, self->lists[LIST_FIRST_REKEY], self->n_cards);
  else
    ok = lock_shuffled (deck_key, permutation, self->lists[LIST_FIRST_SHUFFLE], redone,
                        self->n_cards)
         && lists_equal (redone, self->lists[LIST_SECOND_SHUFFLE], self->n_cards)
         && swap_locks (deck_key, card_keys, self->lists[LIST_FIRST_REKEY], redone,
                        self->n_cards)
         && lists_equal (redone, self->lists[LIST_FINAL], self->n_cards);
  g_free (redone);
  return ok;
}

gboolean
crapette_hidden_party_verify_other (CrapetteHiddenParty  *self,
                                    GBytes               *other_secret,
                                    guint                *cards_out,
                                    GError              **error)
{
  CrapetteHiddenTurn other_turn;
  guint8 commitment[CRAPETTE_HIDDEN_COMMITMENT_SIZE];
  const guint8 *secret, *deck_key, *permutation;
  guint8 (*card_keys)[SCALAR];
  gboolean seen[CRAPETTE_HIDDEN_MAX_CARDS] = { FALSE };
  gsize size;

  g_return_val_if_fail (self != NULL && other_secret != NULL && cards_out != NULL, FALSE);

  if (self->n_lists != N_LISTS || !self->has_other_commitment)
    return refuse (error, CRAPETTE_HIDDEN_ERROR_ORDER, "The deal cannot be checked yet");
  secret = g_bytes_get_data (other_secret, &size);
  if (size != secret_size (self->n_cards))
    return refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED,
                   "The other player's program sent unreadable secrets for the deal");

  other_turn = self->turn == CRAPETTE_HIDDEN_FIRST ? CRAPETTE_HIDDEN_SECOND : CRAPETTE_HIDDEN_FIRST;
  commit (self, other_turn, secret, commitment);
  if (sodium_memcmp (commitment, self->other_commitment, sizeof commitment) != 0)
    return refuse (error, CRAPETTE_HIDDEN_ERROR_CHEATED,
                   "The other player's secrets are not those it committed to before the deal");

  deck_key = secret + NONCE_SIZE;
  permutation = deck_key + SCALAR;
  /* Copied out of the received bytes to be read as an array of scalars. */
  card_keys = g_malloc ((gsize) self->n_cards * SCALAR);
  memcpy (card_keys, permutation + self->n_cards, (gsize) self->n_cards * SCALAR);

  if (!is_pack_permutation (self, permutation)
      || !replay_other (self, deck_key, permutation, card_keys))
    {
      g_free (card_keys);
      return refuse (error, CRAPETTE_HIDDEN_ERROR_CHEATED,
                     "The other player's program did not shuffle the deck as it claimed");
    }

  for (guint i = 0; i < self->n_cards; i++)
    {
      guint8 own_key[SCALAR], other_key[SCALAR], element[ELEMENT];
      gboolean readable, same_key;
      guint card = 0;

      readable = crypto_core_ristretto255_scalar_invert (own_key, self->card_keys[i]) == 0
                 && crypto_core_ristretto255_scalar_invert (other_key, card_keys[i]) == 0
                 && unlock_position (self, i, own_key, other_key, element)
                 && find_card (self, i, element, &card);
      same_key = !self->opened[i]
                 || sodium_memcmp (other_key, self->other_keys[i], SCALAR) == 0;
      if (!readable || seen[card] || !same_key
          || (self->opened[i] && self->opened_card[i] != card))
        {
          g_free (card_keys);
          return refuse (error, CRAPETTE_HIDDEN_ERROR_CHEATED,
                         "The deal does not hold every card exactly once");
        }
      seen[card] = TRUE;
      cards_out[i] = card;
    }
  g_free (card_keys);
  return TRUE;
}

/* ---- Kept on disk ----------------------------------------------------------------- */

/* A party kept across a restart of the program (crapette-net-peer-saved.c): everything it
 * holds but its label and the cards' public values, which come again from the label. */
#define KEPT_MAGIC "CHP1"
#define KEPT_MAGIC_SIZE 4

enum { KEPT_SECRET_SHOWN = 1 << 0, KEPT_HAS_OTHER_COMMITMENT = 1 << 1 };

static gsize
kept_size (guint n_cards,
           guint n_lists)
{
  return KEPT_MAGIC_SIZE + 5 + NONCE_SIZE + SCALAR + n_cards + (gsize) n_cards * SCALAR +
         2 * CRAPETTE_HIDDEN_COMMITMENT_SIZE + (gsize) n_lists * n_cards * ELEMENT +
         4 * (gsize) n_cards + (gsize) n_cards * CRAPETTE_HIDDEN_KEY_SIZE;
}

/* Copies @size bytes from *@from to @to and moves *@from past them. */
static void
take (const guint8 **from,
      void          *to,
      gsize          size)
{
  memcpy (to, *from, size);
  *from += size;
}

static void
put (guint8     **to,
     const void  *from,
     gsize        size)
{
  memcpy (*to, from, size);
  *to += size;
}

typedef struct
{
  guint8 *data;
  gsize size;
} KeptBytes;

static void
wipe_kept (gpointer data)
{
  KeptBytes *kept = data;

  sodium_memzero (kept->data, kept->size);
  g_free (kept->data);
  g_free (kept);
}

GBytes *
crapette_hidden_party_save (CrapetteHiddenParty *self)
{
  KeptBytes *kept;
  gsize size;
  guint8 *data, *out;
  guint n;

  g_return_val_if_fail (self != NULL, NULL);

  n = self->n_cards;
  size = kept_size (n, self->n_lists);
  data = out = g_malloc (size);
  put (&out, KEPT_MAGIC, KEPT_MAGIC_SIZE);
  *out++ = (guint8) n;
  *out++ = (guint8) self->pack_size;
  *out++ = (guint8) self->turn;
  *out++ = (guint8) self->n_lists;
  *out++ = (self->secret_shown ? KEPT_SECRET_SHOWN : 0) |
           (self->has_other_commitment ? KEPT_HAS_OTHER_COMMITMENT : 0);
  put (&out, self->nonce, NONCE_SIZE);
  put (&out, self->deck_key, SCALAR);
  put (&out, self->permutation, n);
  put (&out, self->card_keys, (gsize) n * SCALAR);
  put (&out, self->commitment, CRAPETTE_HIDDEN_COMMITMENT_SIZE);
  put (&out, self->other_commitment, CRAPETTE_HIDDEN_COMMITMENT_SIZE);
  for (guint list = 0; list < self->n_lists; list++)
    put (&out, self->lists[list], (gsize) n * ELEMENT);
  for (guint i = 0; i < n; i++)
    {
      out[i] = (guint8) self->due[i];
      out[n + i] = (guint8) self->opened[i];
      out[2 * n + i] = (guint8) self->seen[i];
      out[3 * n + i] = (guint8) self->opened_card[i];
    }
  out += 4 * n;
  put (&out, self->other_keys, (gsize) n * CRAPETTE_HIDDEN_KEY_SIZE);
  g_assert ((gsize) (out - data) == size);
  /* The secrets are wiped when the bytes go. */
  kept = g_new (KeptBytes, 1);
  kept->data = data;
  kept->size = size;
  return g_bytes_new_with_free_func (data, size, wipe_kept, kept);
}

CrapetteHiddenParty *
crapette_hidden_party_load (const char  *label,
                            GBytes      *kept,
                            GError     **error)
{
  g_autoptr(CrapetteHiddenParty) self = NULL;
  guint8 secret[NONCE_SIZE + SCALAR + CRAPETTE_HIDDEN_MAX_CARDS * (1 + SCALAR)];
  guint8 commitment[CRAPETTE_HIDDEN_COMMITMENT_SIZE];
  const guint8 *in;
  gsize size;
  guint n, pack_size, turn, n_lists, flags;

  g_return_val_if_fail (label != NULL && kept != NULL, NULL);

  in = g_bytes_get_data (kept, &size);
  if (size < KEPT_MAGIC_SIZE + 5 || memcmp (in, KEPT_MAGIC, KEPT_MAGIC_SIZE) != 0)
    {
      refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED, "The hidden deal kept is not one");
      return NULL;
    }
  in += KEPT_MAGIC_SIZE;
  n = in[0];
  pack_size = in[1];
  turn = in[2];
  n_lists = in[3];
  flags = in[4];
  in += 5;
  if (n == 0 || n > CRAPETTE_HIDDEN_MAX_CARDS || pack_size == 0 || n % pack_size != 0 ||
      turn > CRAPETTE_HIDDEN_SECOND || n_lists > N_LISTS ||
      (flags & ~(KEPT_SECRET_SHOWN | KEPT_HAS_OTHER_COMMITMENT)) != 0 ||
      size != kept_size (n, n_lists))
    {
      refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED, "The hidden deal kept is damaged");
      return NULL;
    }

  self = g_new0 (CrapetteHiddenParty, 1);
  self->label = g_strdup (label);
  self->n_cards = n;
  self->pack_size = pack_size;
  self->turn = (CrapetteHiddenTurn) turn;
  self->n_lists = n_lists;
  self->secret_shown = (flags & KEPT_SECRET_SHOWN) != 0;
  self->has_other_commitment = (flags & KEPT_HAS_OTHER_COMMITMENT) != 0;
  for (guint card = 0; card < n; card++)
    crapette_hidden_card_value (label, card, self->card_values[card]);
  take (&in, self->nonce, NONCE_SIZE);
  take (&in, self->deck_key, SCALAR);
  take (&in, self->permutation, n);
  take (&in, self->card_keys, (gsize) n * SCALAR);
  take (&in, self->commitment, CRAPETTE_HIDDEN_COMMITMENT_SIZE);
  take (&in, self->other_commitment, CRAPETTE_HIDDEN_COMMITMENT_SIZE);
  for (guint list = 0; list < n_lists; list++)
    take (&in, self->lists[list], (gsize) n * ELEMENT);
  for (guint i = 0; i < n; i++)
    {
      if (in[i] > 1 || in[n + i] > 1 || in[2 * n + i] > 1 || in[3 * n + i] >= n)
        {
          refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED, "The hidden deal kept is damaged");
          return NULL;
        }
      self->due[i] = in[i];
      self->opened[i] = in[n + i];
      self->seen[i] = in[2 * n + i];
      self->opened_card[i] = in[3 * n + i];
    }
  in += 4 * n;
  take (&in, self->other_keys, (gsize) n * CRAPETTE_HIDDEN_KEY_SIZE);

  /* The secrets must be the ones this party committed to, under this label: a file from
   * another round, or one damaged, is not taken for this deal. */
  if (!is_pack_permutation (self, self->permutation))
    {
      refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED, "The hidden deal kept is damaged");
      return NULL;
    }
  write_secret (self, secret);
  commit (self, self->turn, secret, commitment);
  sodium_memzero (secret, sizeof secret);
  if (sodium_memcmp (commitment, self->commitment, sizeof commitment) != 0)
    {
      refuse (error, CRAPETTE_HIDDEN_ERROR_MALFORMED,
              "The hidden deal kept is not this round’s, or it is damaged");
      return NULL;
    }
  return g_steal_pointer (&self);
}

gboolean
crapette_hidden_party_get_opened (CrapetteHiddenParty *self,
                                  guint                position,
                                  guint               *card_out)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (position >= self->n_cards || !self->opened[position])
    return FALSE;
  if (card_out != NULL)
    *card_out = self->opened_card[position];
  return TRUE;
}
