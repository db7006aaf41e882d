/* crapette-net-peer-hidden.c: the hidden deal on the wire
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * When both hellos offer it (`deal=hidden`), every round of the match is dealt so that no
 * face-down card can be read by either program (crapette-hidden-deck.c). The two programs
 * send the four locked lists as `deck` lines, the host first:
 *
 *   deck ROUND 1 COMMITMENT LIST    host: its commitment, the deck shuffled under its lock
 *   deck ROUND 2 COMMITMENT LIST    guest: its commitment, shuffled again under its lock
 *   deck ROUND 3 LIST               host: one lock per position instead of its deck lock
 *   deck ROUND 4 LIST               guest: the same; this is the final deck
 *
 * (COMMITMENT in hexadecimal, LIST in base64.) Both tables deal the round hidden
 * (crapette_game_set_hidden_deals()): every card a stand-in for its place in the deck.
 * Whenever the rules turn a card up, each program sends its own key for that place as soon
 * as its table turns it up, `key ROUND PLACE KEY` (the keys may cross), and each opens the
 * card with the other's and shows it at its table, which takes it only if it is a card of
 * that place's pack still unseen. A key for a place not turned up is a reveal asked out of
 * turn; a key that opens no card, or a card already seen, is a cheat. At the end of the
 * round each sends `secret ROUND SECRETS` (base64) and checks the other's against its
 * commitment, its lists and every key it gave; the deal it reads then makes the round's
 * record a plain one (crapette_match_show_deal()).
 *
 * A key or the secrets withheld are told from a slow line by what the other program says it
 * has heard: its pings carry the number of our last line it read. An honest program sends
 * its key no later than in the step that reads ours, and its lines are read here in order,
 * so once a ping acknowledges the line that carried our key (or our secrets) without the
 * answer before it, the answer is refused. A program that acknowledges nothing while it is
 * present is refused too, after the backstop (120 s of presence without its acknowledgment
 * moving on). Each of these ends the match as the other program's fault, and the line that
 * gave it away is kept (crapette_net_peer_get_evidence()).
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-net-peer-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <sodium.h>

#include "crapette-card.h"
#include "crapette-hidden-deck.h"

#define HIDDEN_GROUP "hidden-deal"

/* How long, by default, a key or the secrets may be owed while the other program is present
 * and its acknowledgment does not move on: long past any round trip a slow line takes. */
#define DEFAULT_REVEAL_MS (120 * 1000)

struct _CrapetteNetHidden
{
  CrapetteHiddenParty *party;
  guint round;                      /* the round the party deals, from 1; 0 before any */
  guint step;                       /* the last list sent or taken, 0 to 4 */
  gboolean dealt;                   /* the final deck is known */
  gboolean secret_sent;
  guint n_cards;
  gboolean due[CRAPETTE_HIDDEN_MAX_CARDS];
  gboolean key_sent[CRAPETTE_HIDDEN_MAX_CARDS];
  guint64 key_seq[CRAPETTE_HIDDEN_MAX_CARDS];  /* the line that carried our key, 0 unknown */
  guint64 secret_seq;               /* the line that carried our secrets, 0 unknown */
  gboolean opened[CRAPETTE_HIDDEN_MAX_CARDS];
  guint reveal_ms;
  guint wait_id;                    /* the backstop, while a key or the secrets are owed */
  guint due_id;                     /* a round just dealt: its cards face up are asked for */
  gboolean attached;                /* the game's signals are followed */
  char *evidence;
  GBytes *kept_party;               /* the party as last written to disk, and its text */
  char *kept_party_text;
};

static CrapetteNetHidden *
get_hidden (CrapetteNetPeer *self)
{
  if (self->hidden_state == NULL)
    {
      self->hidden_state = g_new0 (CrapetteNetHidden, 1);
      self->hidden_state->reveal_ms = DEFAULT_REVEAL_MS;
    }
  return self->hidden_state;
}

static void
forget_party (CrapetteNetHidden *hidden)
{
  g_clear_pointer (&hidden->party, crapette_hidden_party_free);
  hidden->step = 0;
  hidden->dealt = FALSE;
  hidden->secret_sent = FALSE;
  memset (hidden->due, 0, sizeof hidden->due);
  memset (hidden->key_sent, 0, sizeof hidden->key_sent);
  memset (hidden->key_seq, 0, sizeof hidden->key_seq);
  hidden->secret_seq = 0;
  memset (hidden->opened, 0, sizeof hidden->opened);
  g_clear_handle_id (&hidden->wait_id, g_source_remove);
}

void
crapette_net_peer_hidden_free (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = self->hidden_state;

  if (hidden == NULL)
    return;
  forget_party (hidden);
  g_clear_handle_id (&hidden->due_id, g_source_remove);
  g_free (hidden->evidence);
  g_clear_pointer (&hidden->kept_party, g_bytes_unref);
  g_free (hidden->kept_party_text);
  g_free (hidden);
  self->hidden_state = NULL;
}

/* The evidence goes into the match record too, as a comment of its header. */
static void
keep_evidence (CrapetteNetPeer *self)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  g_autofree char *note = NULL;

  if (match == NULL)
    return;
  note = g_strdup_printf ("Hidden deal refused, the %s's fault: %s",
                          self->role == CRAPETTE_NET_ROLE_HOST ? "guest" : "host",
                          self->hidden_state->evidence);
  crapette_match_set_note (match, note);
}

/* A cheat found out: the match ends as the other's fault, and @kind @payload is kept. */
static gboolean
refuse_cheat (CrapetteNetPeer  *self,
              const char       *kind,
              const char       *payload,
              const char       *why,
              GError          **error)
{
  CrapetteNetHidden *hidden = get_hidden (self);

  g_free (hidden->evidence);
  hidden->evidence = g_strdup_printf ("%s %s: %s", kind, payload, why);
  keep_evidence (self);
  return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_CHEATED, why);
}

/* ---- Which round ------------------------------------------------------------ */

static CrapetteGame *
get_game (CrapetteNetPeer *self)
{
  return crapette_session_get_game (self->session);
}

/* The round a new hidden deal is for: the one in play, or else the next. */
static guint
round_to_deal (CrapetteNetPeer *self)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);

  return crapette_match_get_n_finished_rounds (match) + 1;
}

/* The round on this table, if it is the one the party deals and is still being played. */
static gboolean
table_holds_party_round (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  CrapetteMatch *match = crapette_session_get_match (self->session);

  return hidden != NULL && hidden->party != NULL && hidden->dealt && match != NULL &&
         crapette_match_is_round_in_play (match) &&
         crapette_match_get_round_number (match) == hidden->round;
}

static char *
deal_label (CrapetteNetPeer *self,
            guint            round)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);

  return g_strdup_printf ("crapette-net/hidden %" G_GUINT64_FORMAT " %u",
                          crapette_match_get_seed (match), round);
}

/* ---- Waiting for a key -------------------------------------------------------- */

static gboolean
owes_key (CrapetteNetHidden *hidden)
{
  for (guint i = 0; i < hidden->n_cards; i++)
    if (hidden->due[i] && !hidden->opened[i])
      return TRUE;
  return FALSE;
}

static gboolean
on_wait_over_cb (gpointer data)
{
  CrapetteNetPeer *self = data;
  CrapetteNetHidden *hidden = self->hidden_state;
  g_autoptr(GError) error = NULL;

  hidden->wait_id = 0;
  if (self->state != CRAPETTE_NET_PEER_PLAYING)
    return G_SOURCE_REMOVE;
  /* A cut is the grace period's to judge, not this limit's. */
  if (!self->peer_present)
    {
      hidden->wait_id = g_timeout_add (hidden->reveal_ms, on_wait_over_cb, self);
      return G_SOURCE_REMOVE;
    }
  g_free (hidden->evidence);
  hidden->evidence = g_strdup_printf ("nothing acknowledged past line %" G_GUINT64_FORMAT
                                      " within %u ms for round %u", self->peer_acked,
                                      hidden->reveal_ms, hidden->round);
  keep_evidence (self);
  g_set_error_literal (&error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_CHEATED,
                       _("The other player’s program did not show a card the rules turned up"));
  crapette_net_peer_fail (self, error);
  return G_SOURCE_REMOVE;
}

/* The backstop runs while a card or the secrets at the round's end are owed, and no longer. */
static void
update_wait (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = get_hidden (self);
  gboolean waiting = self->state == CRAPETTE_NET_PEER_PLAYING && hidden->party != NULL &&
                     (owes_key (hidden) || hidden->secret_sent);

  if (!waiting)
    g_clear_handle_id (&hidden->wait_id, g_source_remove);
  else if (hidden->wait_id == 0)
    hidden->wait_id = g_timeout_add (hidden->reveal_ms, on_wait_over_cb, self);
}

/* The other program has heard our lines up to self->peer_acked (its ping): a key or the
 * secrets still owed after the line of ours that asked for them are withheld. */
gboolean
crapette_net_peer_hidden_check_acked (CrapetteNetPeer  *self,
                                      GError          **error)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  guint64 asked = 0;
  g_autofree char *evidence = NULL;

  if (!self->hidden || hidden == NULL || hidden->party == NULL ||
      self->state != CRAPETTE_NET_PEER_PLAYING)
    return TRUE;
  for (guint i = 0; i < hidden->n_cards && evidence == NULL; i++)
    if (hidden->due[i] && !hidden->opened[i] && hidden->key_seq[i] != 0 &&
        hidden->key_seq[i] <= self->peer_acked)
      {
        asked = hidden->key_seq[i];
        evidence = g_strdup_printf ("no key for round %u place %u", hidden->round, i);
      }
  if (evidence == NULL && hidden->secret_seq != 0 && hidden->secret_seq <= self->peer_acked)
    {
      asked = hidden->secret_seq;
      evidence = g_strdup_printf ("no secrets for round %u", hidden->round);
    }
  if (evidence == NULL)
    {
      /* Its acknowledgment moved on, short of what is owed: the backstop counts again. */
      g_clear_handle_id (&hidden->wait_id, g_source_remove);
      update_wait (self);
      return TRUE;
    }
  g_free (hidden->evidence);
  hidden->evidence = g_strdup_printf ("%s after line %" G_GUINT64_FORMAT " was acknowledged "
                                      "(up to line %" G_GUINT64_FORMAT ")", evidence, asked,
                                      self->peer_acked);
  keep_evidence (self);
  return crapette_net_peer_refuse (error, CRAPETTE_NET_ERROR_CHEATED,
                                   _("The other player’s program did not show a card the rules "
                                     "turned up"));
}

/* ---- The deal ------------------------------------------------------------------ */

static void
send_list (CrapetteNetPeer *self,
           guint            step,
           const guint8    *list)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  g_autofree char *encoded =
    g_base64_encode (list, crapette_hidden_party_get_deck_size (hidden->party));
  g_autofree char *payload = NULL;

  if (step <= 2)
    {
      g_autofree char *commitment =
        crapette_net_format_hex (crapette_hidden_party_get_commitment (hidden->party),
                                 CRAPETTE_HIDDEN_COMMITMENT_SIZE);

      payload = g_strdup_printf ("%u %u %s %s", hidden->round, step, commitment, encoded);
    }
  else
    payload = g_strdup_printf ("%u %u %s", hidden->round, step, encoded);
  hidden->step = step;
  crapette_net_peer_send (self, CRAPETTE_NET_DECK, payload);
}

static void
new_party (CrapetteNetPeer *self,
           guint            round)
{
  CrapetteNetHidden *hidden = get_hidden (self);
  g_autofree char *label = deal_label (self, round);

  forget_party (hidden);
  hidden->round = round;
  hidden->n_cards = self->variant == CRAPETTE_VARIANT_RUSSIAN ? 2 * CRAPETTE_CARDS_PER_PACK
                                                              : CRAPETTE_CARDS_PER_PACK;
  hidden->party = crapette_hidden_party_new (label, hidden->n_cards, CRAPETTE_CARDS_PER_PACK,
                                             self->role == CRAPETTE_NET_ROLE_HOST
                                             ? CRAPETTE_HIDDEN_FIRST : CRAPETTE_HIDDEN_SECOND);
}

/* The host begins the deal of the next round: its commitment and the first list. */
static void
begin_round (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden;
  guint8 list[CRAPETTE_HIDDEN_MAX_CARDS * CRAPETTE_HIDDEN_ELEMENT_SIZE];
  g_autoptr(GError) error = NULL;

  new_party (self, round_to_deal (self));
  hidden = self->hidden_state;
  if (!crapette_hidden_party_shuffle (hidden->party, NULL, list, &error))
    g_error ("The hidden deal could not begin: %s", error->message);
  send_list (self, 1, list);
}

static void process_due (CrapetteNetPeer *self);

/* "ROUND STEP [COMMITMENT] LIST": one of the four lists, each in its turn. */
gboolean
crapette_net_peer_read_deck (CrapetteNetPeer  *self,
                             const char       *payload,
                             GError          **error)
{
  CrapetteNetHidden *hidden = get_hidden (self);
  gboolean host = self->role == CRAPETTE_NET_ROLE_HOST;
  g_auto(GStrv) words = g_strsplit (payload, " ", 5);
  guint8 list_in[CRAPETTE_HIDDEN_MAX_CARDS * CRAPETTE_HIDDEN_ELEMENT_SIZE];
  guint8 list_out[CRAPETTE_HIDDEN_MAX_CARDS * CRAPETTE_HIDDEN_ELEMENT_SIZE];
  guint8 commitment[CRAPETTE_HIDDEN_COMMITMENT_SIZE];
  g_autoptr(GError) local_error = NULL;
  g_autofree guchar *decoded = NULL;
  guint64 round, step;
  gsize n_words = g_strv_length (words), size = 0, expected;
  const char *encoded;

  if (!self->hidden || self->state != CRAPETTE_NET_PEER_PLAYING)
    return crapette_net_peer_refuse_order (error);
  if (n_words < 3 || n_words > 4 ||
      !g_ascii_string_to_unsigned (words[0], 10, 1, CRAPETTE_MATCH_MAX_ROUNDS, &round, NULL) ||
      !g_ascii_string_to_unsigned (words[1], 10, 1, 4, &step, NULL) ||
      n_words != (step <= 2 ? 4 : 3))
    return crapette_net_peer_refuse_garbage (error);

  /* Steps 1 and 3 are the host's, 2 and 4 the guest's, each after the one before. */
  if ((step % 2 == 1) == host)
    return crapette_net_peer_refuse_order (error);
  if (step == 1)
    {
      if (round != round_to_deal (self) || (hidden->party != NULL && hidden->round == round))
        return crapette_net_peer_refuse_order (error);
    }
  else if (hidden->party == NULL || hidden->round != round || hidden->step != step - 1)
    return crapette_net_peer_refuse_order (error);

  encoded = words[n_words - 1];
  if (step <= 2 && !crapette_net_parse_hex (words[2], commitment, sizeof commitment))
    return crapette_net_peer_refuse_garbage (error);
  decoded = g_base64_decode (encoded, &size);
  if (step == 1)
    new_party (self, (guint) round);
  expected = crapette_hidden_party_get_deck_size (hidden->party);
  if (size != expected)
    return crapette_net_peer_refuse_garbage (error);
  memcpy (list_in, decoded, size);

  if (step <= 2)
    crapette_hidden_party_set_other_commitment (hidden->party, commitment);
  switch (step)
    {
    case 1:
      if (!crapette_hidden_party_shuffle (hidden->party, list_in, list_out, &local_error))
        break;
      send_list (self, 2, list_out);
      return TRUE;
    case 2:
      if (!crapette_hidden_party_rekey (hidden->party, list_in, list_out, &local_error))
        break;
      send_list (self, 3, list_out);
      return TRUE;
    case 3:
      if (!crapette_hidden_party_rekey (hidden->party, list_in, list_out, &local_error))
        break;
      send_list (self, 4, list_out);
      hidden->dealt = TRUE;
      process_due (self);
      return TRUE;
    case 4:
    default:
      if (!crapette_hidden_party_accept_final (hidden->party, list_in, &local_error))
        break;
      hidden->step = 4;
      hidden->dealt = TRUE;
      process_due (self);
      return TRUE;
    }
  return refuse_cheat (self, "deck", words[0], local_error->message, error);
}

/* ---- Reveals -------------------------------------------------------------------- */

static void
send_key (CrapetteNetPeer *self,
          guint            place)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  guint8 key[CRAPETTE_HIDDEN_KEY_SIZE];
  g_autoptr(GError) error = NULL;
  g_autofree char *hex = NULL;
  g_autofree char *payload = NULL;

  if (!crapette_hidden_party_release_key (hidden->party, place, key, &error))
    g_error ("A key due could not be given: %s", error->message);
  hex = crapette_net_format_hex (key, sizeof key);
  payload = g_strdup_printf ("%u %u %s", hidden->round, place, hex);
  hidden->key_sent[place] = TRUE;
  /* The number the line is sealed with, known before it is kept on disk with it. */
  hidden->key_seq[place] = self->sent->len + 1;
  crapette_net_peer_send (self, CRAPETTE_NET_KEY, payload);
  memset (key, 0, sizeof key);
}

/* Marks every card the table has turned up and not shown as due, and sends this end's key
 * for each at once, whoever turned it up: the other's key is then owed after a line of ours,
 * which is what its acknowledgment is measured against. */
static void
process_due (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  const CrapetteRound *round;
  CrapetteCard unshown[CRAPETTE_MAX_CARDS];
  gsize n;

  if (self->state != CRAPETTE_NET_PEER_PLAYING || !table_holds_party_round (self))
    return;
  round = crapette_game_get_round (get_game (self));
  n = crapette_round_find_unshown (round, unshown);
  for (gsize i = 0; i < n; i++)
    {
      guint place = crapette_card_hidden_index (unshown[i]);
      g_autoptr(GError) error = NULL;

      if (place >= hidden->n_cards || hidden->opened[place])
        continue;
      if (!hidden->due[place])
        {
          if (!crapette_hidden_party_expect (hidden->party, place, &error))
            g_error ("A card turned up is not in the deal: %s", error->message);
          hidden->due[place] = TRUE;
        }
      if (!hidden->key_sent[place])
        send_key (self, place);
    }
  update_wait (self);
}

/* The other player's next round begins with its keys: the same deal is dealt here. */
static void
deal_next_round_if_asked (CrapetteNetPeer *self,
                          guint64          round)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);

  if (round == crapette_match_get_n_finished_rounds (match) + 1 &&
      !crapette_match_is_round_in_play (match) && !crapette_match_is_finished (match))
    crapette_session_next_round (self->session);
}

/* "ROUND PLACE KEY": the other's key for a card turned up; before or after this end's own
 * (sent now if it was not yet). */
gboolean
crapette_net_peer_read_key (CrapetteNetPeer  *self,
                            const char       *payload,
                            GError          **error)
{
  CrapetteNetHidden *hidden = get_hidden (self);
  g_auto(GStrv) words = g_strsplit (payload, " ", 4);
  guint8 key[CRAPETTE_HIDDEN_KEY_SIZE];
  g_autoptr(GError) local_error = NULL;
  guint64 round, place;
  guint card;

  if (!self->hidden || self->state != CRAPETTE_NET_PEER_PLAYING)
    return crapette_net_peer_refuse_order (error);
  if (g_strv_length (words) != 3 ||
      !g_ascii_string_to_unsigned (words[0], 10, 1, CRAPETTE_MATCH_MAX_ROUNDS, &round, NULL) ||
      !g_ascii_string_to_unsigned (words[1], 10, 0, CRAPETTE_HIDDEN_MAX_CARDS - 1, &place,
                                   NULL) ||
      !crapette_net_parse_hex (words[2], key, sizeof key))
    return crapette_net_peer_refuse_garbage (error);
  if (hidden->party == NULL || hidden->round != round || !hidden->dealt)
    return crapette_net_peer_refuse_order (error);
  deal_next_round_if_asked (self, round);
  if (!table_holds_party_round (self))
    return crapette_net_peer_refuse_order (error);
  /* Everything turned up at this table is due now, so a key for anything else is out of
   * turn: a card the rules have not turned up. */
  process_due (self);
  if (place >= hidden->n_cards || !hidden->due[place] || hidden->opened[place])
    return refuse_cheat (self, "key", payload,
                         _("The other player’s program asked to see a card the rules have not "
                           "turned up"), error);
  if (!hidden->key_sent[place])
    send_key (self, (guint) place);
  if (!crapette_hidden_party_open (hidden->party, (guint) place, key, &card, &local_error))
    return refuse_cheat (self, "key", payload, local_error->message, error);
  hidden->opened[place] = TRUE;
  if (!crapette_game_reveal_card (get_game (self), crapette_card_hidden ((guint) place),
                                  (CrapetteCard) card, &local_error))
    return refuse_cheat (self, "key", payload, local_error->message, error);

  /* The position a move is written against holds the card now. */
  {
    const CrapetteRound *table = crapette_game_get_round (get_game (self));

    if (self->before_round == round && self->before_moves == crapette_round_get_n_moves (table))
      self->before = *crapette_round_get_position (table);
  }
  update_wait (self);
  return TRUE;
}

/* A move may come only once every card turned up at this table is shown: the other program
 * played on without sending its key for one. */
gboolean
crapette_net_peer_hidden_check_move (CrapetteNetPeer  *self,
                                     const char       *payload,
                                     GError          **error)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);

  if (!self->hidden || match == NULL || !crapette_match_is_round_in_play (match) ||
      crapette_round_find_unshown (crapette_game_get_round (get_game (self)), NULL) == 0)
    return TRUE;
  return refuse_cheat (self, "move", payload,
                       _("The other player’s program did not show a card the rules turned up"),
                       error);
}

/* ---- The end of a round --------------------------------------------------------- */

static void
send_secret (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  g_autoptr(GBytes) secret = crapette_hidden_party_export_secret (hidden->party);
  gsize size;
  const guint8 *data = g_bytes_get_data (secret, &size);
  g_autofree char *encoded = g_base64_encode (data, size);
  g_autofree char *payload = g_strdup_printf ("%u %s", hidden->round, encoded);

  hidden->secret_sent = TRUE;
  hidden->secret_seq = self->sent->len + 1;
  crapette_net_peer_send (self, CRAPETTE_NET_SECRET, payload);
  update_wait (self);
}

/* "ROUND SECRETS": checked against the other's commitment, lists and keys; the whole deal
 * they give is laid into the round's record. */
gboolean
crapette_net_peer_read_secret (CrapetteNetPeer  *self,
                               const char       *payload,
                               GError          **error)
{
  CrapetteNetHidden *hidden = get_hidden (self);
  CrapetteMatch *match = crapette_session_get_match (self->session);
  g_auto(GStrv) words = g_strsplit (payload, " ", 3);
  guint cards[CRAPETTE_HIDDEN_MAX_CARDS];
  CrapetteCard deck[CRAPETTE_MAX_CARDS];
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GBytes) secret = NULL;
  guchar *decoded;
  gsize size = 0;
  guint64 round;

  if (!self->hidden || self->state != CRAPETTE_NET_PEER_PLAYING)
    return crapette_net_peer_refuse_order (error);
  if (g_strv_length (words) != 2 ||
      !g_ascii_string_to_unsigned (words[0], 10, 1, CRAPETTE_MATCH_MAX_ROUNDS, &round, NULL))
    return crapette_net_peer_refuse_garbage (error);
  /* Only once this table's round is over too, so this end's secrets went first. */
  if (hidden->party == NULL || hidden->round != round || !hidden->secret_sent ||
      match == NULL || round > crapette_match_get_n_finished_rounds (match))
    return crapette_net_peer_refuse_order (error);
  decoded = g_base64_decode (words[1], &size);
  secret = g_bytes_new_take (decoded, size);
  if (!crapette_hidden_party_verify_other (hidden->party, secret, cards, &local_error))
    return refuse_cheat (self, "secret", words[0], local_error->message, error);
  for (guint i = 0; i < hidden->n_cards; i++)
    deck[i] = (CrapetteCard) cards[i];
  if (!crapette_match_show_deal (match, (guint) round - 1, deck, &local_error))
    return refuse_cheat (self, "secret", words[0], local_error->message, error);
  /* The saved game holds the round card by card now, not only the cards seen in play. */
  crapette_session_save (self->session);
  /* The table still shows that round (unless the next one is dealt already). */
  if (crapette_match_get_round_number (match) == round && !crapette_match_is_round_in_play (match))
    crapette_game_show_deal (get_game (self), deck, NULL);

  forget_party (hidden);
  if (self->role == CRAPETTE_NET_ROLE_HOST && !crapette_match_is_finished (match))
    begin_round (self);
  return TRUE;
}

/* ---- Following the table -------------------------------------------------------- */

static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteNetPeer    *self)
{
  CrapetteNetHidden *hidden = self->hidden_state;

  if (!self->hidden || hidden == NULL || hidden->party == NULL || !hidden->dealt ||
      self->state != CRAPETTE_NET_PEER_PLAYING)
    return;
  if (crapette_round_get_position (crapette_game_get_round (game))->outcome !=
      CRAPETTE_OUTCOME_PLAYING)
    {
      if (!hidden->secret_sent)
        send_secret (self);
      return;
    }
  /* Both tables turn the card up with this move: both send their key for it now. */
  process_due (self);
}

static gboolean
ask_dealt_cb (gpointer data)
{
  CrapetteNetPeer *self = data;

  self->hidden_state->due_id = 0;
  process_due (self);
  return G_SOURCE_REMOVE;
}

/* The deal lays cards face up: each end sends its keys for them, once the match has taken
 * the round as its own (after this signal). */
static void
on_round_started_cb (CrapetteGame    *game,
                     CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = get_hidden (self);

  if (self->hidden && hidden->due_id == 0)
    hidden->due_id = g_idle_add (ask_dealt_cb, self);
}

static void
follow_table (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = get_hidden (self);
  CrapetteGame *game = get_game (self);

  if (hidden->attached)
    return;
  /* After the peer's own handlers: a move's line goes before the key it turned up. */
  g_signal_connect_object (game, "move-applied", G_CALLBACK (on_move_applied_cb), self,
                           G_CONNECT_AFTER);
  g_signal_connect_object (game, "round-started", G_CALLBACK (on_round_started_cb), self,
                           G_CONNECT_AFTER);
  hidden->attached = TRUE;
}

/* The match is on the table (crapette-net-peer-deal.c): the host begins the first deal. */
void
crapette_net_peer_hidden_start_match (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = get_hidden (self);

  forget_party (hidden);
  hidden->round = 0;
  g_clear_pointer (&hidden->evidence, g_free);
  follow_table (self);
  if (self->hidden && self->role == CRAPETTE_NET_ROLE_HOST)
    begin_round (self);
}

/* ---- Kept on disk (crapette-net-peer-saved.c) ------------------------------------------ */

/* The hidden deal's part of the network match kept on disk, which only its owner may read:
 * the round's party whole (this end's secrets, the lists, the other's keys), so that after a
 * restart the deal goes on where it was, and which keys this end has given. Written with
 * the rest of the header, before a line goes out and once a line of the deal received has
 * been acted on (crapette-net-peer-receive.c). */
void
crapette_net_peer_keep_hidden (CrapetteNetPeer *self,
                               GKeyFile        *file)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  g_autoptr(GBytes) party = NULL;
  g_autoptr(GString) given = NULL;

  if (!self->hidden_offered && !self->hidden)
    return;
  g_key_file_set_boolean (file, HIDDEN_GROUP, "offered", self->hidden_offered);
  g_key_file_set_boolean (file, HIDDEN_GROUP, "dealt-hidden", self->hidden);
  if (!self->hidden || hidden == NULL)
    return;
  g_key_file_set_integer (file, HIDDEN_GROUP, "round", (int) hidden->round);
  if (hidden->evidence != NULL)
    g_key_file_set_string (file, HIDDEN_GROUP, "evidence", hidden->evidence);
  if (hidden->party == NULL)
    return;

  g_key_file_set_integer (file, HIDDEN_GROUP, "step", (int) hidden->step);
  g_key_file_set_boolean (file, HIDDEN_GROUP, "dealt", hidden->dealt);
  g_key_file_set_boolean (file, HIDDEN_GROUP, "secret-sent", hidden->secret_sent);
  g_key_file_set_uint64 (file, HIDDEN_GROUP, "secret-line", hidden->secret_seq);
  /* PLACE:LINE, the line that carried the key: the other owes its own once it heard it. */
  given = g_string_new (NULL);
  for (guint i = 0; i < hidden->n_cards; i++)
    if (hidden->key_sent[i])
      g_string_append_printf (given, "%s%u:%" G_GUINT64_FORMAT, given->len > 0 ? " " : "", i,
                              hidden->key_seq[i]);
  g_key_file_set_string (file, HIDDEN_GROUP, "keys-given", given->str);

  /* Encoded again only when it changed: most lines leave the deal as it was. */
  party = crapette_hidden_party_save (hidden->party);
  if (hidden->kept_party == NULL || !g_bytes_equal (party, hidden->kept_party))
    {
      gsize size;
      const guint8 *data = g_bytes_get_data (party, &size);

      g_free (hidden->kept_party_text);
      hidden->kept_party_text = g_base64_encode (data, size);
      g_clear_pointer (&hidden->kept_party, g_bytes_unref);
      hidden->kept_party = g_bytes_ref (party);
    }
  g_key_file_set_string (file, HIDDEN_GROUP, "party", hidden->kept_party_text);
}

static gboolean
refuse_kept (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("The network match kept on disk is damaged"));
  return FALSE;
}

/* Takes the hidden deal up again from @file, before the moves the saved game had not caught
 * are played again (crapette_net_peer_restore()). */
gboolean
crapette_net_peer_restore_hidden (CrapetteNetPeer  *self,
                                  GKeyFile         *file,
                                  GError          **error)
{
  CrapetteNetHidden *hidden;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *party_text = NULL;
  g_autofree char *given = NULL;
  g_autofree char *label = NULL;
  g_autofree guchar *decoded = NULL;
  g_autoptr(GBytes) kept = NULL;
  g_auto(GStrv) places = NULL;
  gsize size = 0;
  gint round;

  self->hidden_offered = g_key_file_get_boolean (file, HIDDEN_GROUP, "offered", NULL) &&
                         crapette_hidden_init ();
  self->hidden = g_key_file_get_boolean (file, HIDDEN_GROUP, "dealt-hidden", NULL);
  if (!self->hidden)
    return TRUE;
  if (!crapette_hidden_init ())
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("This copy of Crapette cannot deal hidden"));
      return FALSE;
    }
  crapette_game_set_hidden_deals (get_game (self), TRUE);
  hidden = get_hidden (self);
  follow_table (self);
  round = g_key_file_get_integer (file, HIDDEN_GROUP, "round", NULL);
  if (round < 0 || round > CRAPETTE_MATCH_MAX_ROUNDS)
    return refuse_kept (error);
  hidden->round = (guint) round;
  g_free (hidden->evidence);
  hidden->evidence = g_key_file_get_string (file, HIDDEN_GROUP, "evidence", NULL);

  party_text = g_key_file_get_string (file, HIDDEN_GROUP, "party", NULL);
  if (party_text == NULL)
    return TRUE;
  decoded = g_base64_decode (party_text, &size);
  kept = g_bytes_new (decoded, size);
  sodium_memzero (decoded, size);
  label = deal_label (self, hidden->round);
  hidden->party = crapette_hidden_party_load (label, kept, &local_error);
  if (hidden->party == NULL)
    {
      g_debug ("The hidden deal kept could not be read: %s", local_error->message);
      return refuse_kept (error);
    }
  hidden->n_cards = crapette_hidden_party_get_n_cards (hidden->party);
  hidden->step = (guint) CLAMP (g_key_file_get_integer (file, HIDDEN_GROUP, "step", NULL), 0, 4);
  hidden->dealt = g_key_file_get_boolean (file, HIDDEN_GROUP, "dealt", NULL) &&
                  crapette_hidden_party_is_dealt (hidden->party);
  hidden->secret_sent = g_key_file_get_boolean (file, HIDDEN_GROUP, "secret-sent", NULL);
  given = g_key_file_get_string (file, HIDDEN_GROUP, "keys-given", NULL);
  places = g_strsplit (given != NULL ? given : "", " ", -1);
  for (guint i = 0; places[i] != NULL; i++)
    {
      g_auto(GStrv) parts = NULL;
      guint64 place, line;

      if (*places[i] == '\0')
        continue;
      parts = g_strsplit (places[i], ":", 3);
      if (g_strv_length (parts) != 2 ||
          !g_ascii_string_to_unsigned (parts[0], 10, 0, hidden->n_cards - 1, &place, NULL) ||
          !g_ascii_string_to_unsigned (parts[1], 10, 0, self->sent->len, &line, NULL))
        return refuse_kept (error);
      hidden->key_sent[place] = TRUE;
      hidden->key_seq[place] = line;
    }
  hidden->secret_seq = MIN (g_key_file_get_uint64 (file, HIDDEN_GROUP, "secret-line", NULL),
                            self->sent->len);
  for (guint i = 0; i < hidden->n_cards; i++)
    {
      hidden->opened[i] = crapette_hidden_party_get_opened (hidden->party, i, NULL);
      hidden->due[i] = hidden->opened[i] || hidden->key_sent[i];
    }
  return TRUE;
}

/* Shows at the table every card the party opened that the saved game, written a little
 * after, does not show yet: before each move played again, and once all are. */
void
crapette_net_peer_hidden_show_opened (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  CrapetteCard unshown[CRAPETTE_MAX_CARDS];
  gsize n;

  if (!self->hidden || hidden == NULL || !table_holds_party_round (self))
    return;
  n = crapette_round_find_unshown (crapette_game_get_round (get_game (self)), unshown);
  for (gsize i = 0; i < n; i++)
    {
      guint place = crapette_card_hidden_index (unshown[i]);
      g_autoptr(GError) error = NULL;
      guint card;

      if (place < hidden->n_cards &&
          crapette_hidden_party_get_opened (hidden->party, place, &card) &&
          !crapette_game_reveal_card (get_game (self), unshown[i], (CrapetteCard) card, &error))
        g_warning ("A card kept as opened could not be shown: %s", error->message);
    }
}

/* After a restart, once the table is where it was: what was owed is given again (this end's
 * key for each card turned up, its secrets once the round is over), and the reveal limit
 * runs again for what the other owes. */
void
crapette_net_peer_hidden_resume (CrapetteNetPeer *self)
{
  CrapetteNetHidden *hidden = self->hidden_state;
  CrapetteMatch *match = crapette_session_get_match (self->session);

  if (!self->hidden || hidden == NULL || hidden->party == NULL || !hidden->dealt ||
      self->state != CRAPETTE_NET_PEER_PLAYING || match == NULL)
    return;
  crapette_net_peer_hidden_show_opened (self);
  if (table_holds_party_round (self))
    process_due (self);
  else if (!hidden->secret_sent && crapette_match_get_round_number (match) == hidden->round &&
           !crapette_match_is_round_in_play (match))
    send_secret (self);
}

/* ---- Public API ------------------------------------------------------------------- */

void
crapette_net_peer_set_hidden_offered (CrapetteNetPeer *self,
                                      gboolean         offered)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));
  g_return_if_fail (self->sent->len == 0);

  self->hidden_offered = offered && crapette_hidden_init ();
}

gboolean
crapette_net_peer_get_deal_hidden (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), FALSE);

  return self->hidden;
}

void
crapette_net_peer_set_reveal_limit (CrapetteNetPeer *self,
                                    guint            reveal_ms)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));
  g_return_if_fail (reveal_ms > 0);

  get_hidden (self)->reveal_ms = reveal_ms;
}

const char *
crapette_net_peer_get_evidence (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), NULL);

  return self->hidden_state != NULL ? self->hidden_state->evidence : NULL;
}
