/* crapette-match-record.c: a whole match written as text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match record is a short header followed by the record of each round in
 * the notation of crapette-notation.h (docs/notation.md, "Matches"). The
 * rounds are kept whole, so that each can be cut out and read on its own.
 * crapette-match-record-read.c reads it back. A snapshot copies what the record needs,
 * so that it can be written later on another thread while play goes on.
 */

#define G_LOG_DOMAIN "crapette-match"

#include "config.h"

#include "crapette-match-record.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-match-private.h"
#include "crapette-names.h"
#include "crapette-notation.h"
#include "crapette-variant-private.h"

G_DEFINE_QUARK (crapette-match-record-error-quark, crapette_match_record_error)

/* @name on one line of at most CRAPETTE_MATCH_RECORD_MAX_NAME characters, with
 * no control character that could break the line apart. */
char *
crapette_match_record_clean_name (const char *name)
{
  GString *out = g_string_new (NULL);
  guint n_chars = 0;

  if (!g_utf8_validate (name, -1, NULL))
    return g_string_free (out, FALSE);
  for (const char *p = name; *p != '\0' && n_chars < CRAPETTE_MATCH_RECORD_MAX_NAME;
       p = g_utf8_next_char (p), n_chars++)
    {
      gunichar c = g_utf8_get_char (p);

      g_string_append_unichar (out, g_unichar_iscntrl (c) ? ' ' : c);
    }
  g_strstrip (out->str);
  out->len = strlen (out->str);
  return g_string_free (out, FALSE);
}

/* What the record of one round needs, and no more: copying a whole round would also copy
 * its repetition table, which grows with the round and is not written. */
typedef struct
{
  CrapettePosition start;
  CrapettePosition end;
  gboolean from_deal;
  GArray *moves;       /* CrapetteMove */
} RoundParts;

static RoundParts *
round_parts_new (const CrapetteRound *round)
{
  RoundParts *parts = g_new (RoundParts, 1);
  guint n_moves = crapette_round_get_n_moves (round);

  parts->start = *crapette_round_get_start (round);
  parts->end = *crapette_round_get_position (round);
  parts->from_deal = crapette_round_is_from_deal (round);
  parts->moves = g_array_sized_new (FALSE, FALSE, sizeof (CrapetteMove), n_moves);
  g_array_append_vals (parts->moves, crapette_round_get_moves (round), n_moves);
  return parts;
}

static void
round_parts_free (RoundParts *parts)
{
  g_array_unref (parts->moves);
  g_free (parts);
}

static void
append_round (GString          *out,
              const RoundParts *parts)
{
  g_autofree char *text =
    crapette_notation_format_round_parts (&parts->start, parts->from_deal,
                                          (const CrapetteMove *) parts->moves->data,
                                          parts->moves->len, &parts->end);

  g_string_append_c (out, '\n');
  g_string_append (out, text);
}

struct _CrapetteMatchSnapshot
{
  char *header;        /* the record's lines before the first round */
  GPtrArray *rounds;   /* RoundParts: the rounds played and the round in play */
  guint n_moves;
};

/* Copies what the record of @self needs, so that it can be written later and on any
 * thread while the match goes on. Cheap: the header's few lines and the rounds' moves
 * are copied, and nothing is formatted. */
CrapetteMatchSnapshot *
crapette_match_snapshot_new (CrapetteMatch *self)
{
  CrapetteMatchSnapshot *snapshot;
  g_autofree char *rules_text = NULL;
  g_autofree char *south = NULL;
  g_autofree char *north = NULL;
  guint n_rounds;
  GString *out;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);

  n_rounds = crapette_match_get_n_finished_rounds (self) +
             (crapette_match_is_round_in_play (self) ? 1 : 0);
  south = crapette_match_record_clean_name (crapette_match_get_player_name (self, CRAPETTE_SOUTH));
  north = crapette_match_record_clean_name (crapette_match_get_player_name (self, CRAPETTE_NORTH));

  out = g_string_new (CRAPETTE_MATCH_RECORD_TITLE "\n");
  g_string_append_printf (out, "Version: %d\n", CRAPETTE_MATCH_RECORD_VERSION);
  /* Written near the top, so that a file cut short anywhere after them is found out. */
  g_string_append_printf (out, "Rounds: %u\n", n_rounds);
  g_string_append_printf (out, "Total moves: %u\n", crapette_match_count_moves (self));
  g_string_append_printf (out, "Variant: %s\n",
                          crapette_variant_ops (crapette_match_get_variant (self))->key);
  rules_text = crapette_notation_format_rules (crapette_match_get_rules (self));
  g_string_append_printf (out, "Rules: %s\n", rules_text);
  g_string_append_printf (out, "Length: %u\n", crapette_match_get_length (self));
  g_string_append_printf (out, "Seed: %" G_GUINT64_FORMAT "\n", crapette_match_get_seed (self));
  g_string_append_printf (out, "Opponent: %s\n",
                          crapette_enum_to_nick (CRAPETTE_TYPE_OPPONENT,
                                                 crapette_match_get_opponent (self)));
  if (*south != '\0')
    g_string_append_printf (out, "South: %s\n", south);
  if (*north != '\0')
    g_string_append_printf (out, "North: %s\n", north);
  if (crapette_match_get_resigned (self) != CRAPETTE_NO_SEAT)
    g_string_append_printf (out, "Resigned: %s\n",
                            crapette_match_get_resigned (self) == CRAPETTE_SOUTH ? "south"
                                                                                 : "north");
  g_string_append_printf (out, "# Score: South %u, North %u\n",
                          crapette_match_get_score (self, CRAPETTE_SOUTH),
                          crapette_match_get_score (self, CRAPETTE_NORTH));
  if (crapette_match_get_note (self) != NULL)
    g_string_append_printf (out, "# %s\n", crapette_match_get_note (self));

  snapshot = g_new0 (CrapetteMatchSnapshot, 1);
  snapshot->header = g_string_free (out, FALSE);
  snapshot->rounds = g_ptr_array_new_full (n_rounds, (GDestroyNotify) round_parts_free);
  snapshot->n_moves = crapette_match_count_moves (self);
  for (guint i = 0; i < crapette_match_get_n_finished_rounds (self); i++)
    g_ptr_array_add (snapshot->rounds,
                     round_parts_new (crapette_match_get_finished_round (self, i)));
  if (crapette_match_is_round_in_play (self))
    g_ptr_array_add (snapshot->rounds,
                     round_parts_new (crapette_game_get_round (crapette_match_get_game (self))));
  return snapshot;
}

/* The record of the match as it was when @snapshot was taken; safe on any thread. */
char *
crapette_match_snapshot_to_record (const CrapetteMatchSnapshot *snapshot)
{
  GString *out;

  g_return_val_if_fail (snapshot != NULL, NULL);

  out = g_string_new (snapshot->header);
  for (guint i = 0; i < snapshot->rounds->len; i++)
    append_round (out, g_ptr_array_index (snapshot->rounds, i));
  return g_string_free (out, FALSE);
}

/* How many moves the match had when @snapshot was taken. */
guint
crapette_match_snapshot_count_moves (const CrapetteMatchSnapshot *snapshot)
{
  g_return_val_if_fail (snapshot != NULL, 0);

  return snapshot->n_moves;
}

/* Frees @snapshot. */
void
crapette_match_snapshot_free (CrapetteMatchSnapshot *snapshot)
{
  if (snapshot == NULL)
    return;
  g_free (snapshot->header);
  g_ptr_array_unref (snapshot->rounds);
  g_free (snapshot);
}

/* The whole match as text: its header, then every round played and the round
 * in play, each as a round record. crapette_match_new_from_record() reads it. */
char *
crapette_match_to_record (CrapetteMatch *self)
{
  g_autoptr(CrapetteMatchSnapshot) snapshot = NULL;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);

  snapshot = crapette_match_snapshot_new (self);
  return crapette_match_snapshot_to_record (snapshot);
}
