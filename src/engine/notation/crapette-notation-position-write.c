/* crapette-notation-position-write.c: a position written as text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes what crapette-notation-position-read.c reads: the title, the headers
 * that name the deal, those that describe a position in play, and one line per
 * pile (docs/notation.md, "Positions"). A round record's head is written here
 * too, followed by its "Moves:" line.
 */

#define G_LOG_DOMAIN "crapette-notation"

#include "config.h"

#include "crapette-notation-private.h"

#include <string.h>

#include "crapette-card.h"

static const char *
seat_word (guint seat)
{
  return seat == CRAPETTE_SOUTH ? "south" : "north";
}

static const char *
yes_no (gboolean flag)
{
  return flag ? "yes" : "no";
}

static void
append_deal_headers (GString                *out,
                     const CrapettePosition *position)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);
  g_autofree char *rules = crapette_notation_format_rules (&position->rules);

  g_string_append_printf (out, "Variant: %s\n", ops->key);
  g_string_append_printf (out, "Rules: %s\n", rules);
  g_string_append_printf (out, "Deal: %" G_GUINT64_FORMAT "\n", position->deal_number);
  g_string_append_printf (out, "Round: %u\n", position->round_index + 1u);
}

static void
append_play_headers (GString                *out,
                     const CrapettePosition *position)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);

  /* Nobody moves in a hidden deal whose first player the cards it lays face up decide,
   * until they are shown (crapette_position_deal_hidden()). */
  g_string_append_printf (out, "To move: %s\n", position->to_move == CRAPETTE_NO_SEAT
                                                 ? "nobody" : seat_word (position->to_move));
  g_string_append_printf (out, "Dealer: %s\n", seat_word (position->dealer));
  g_string_append_printf (out, "Turn: %u\n", position->turn_number);
  g_string_append_printf (out, "Move number: %u\n", position->move_number);
  g_string_append_printf (out, "Idle turns: %u\n", position->idle_turns);
  g_string_append_printf (out, "Passes: %u\n", position->passes);
  g_string_append_printf (out, "Moved: %s\n", yes_no (position->moved_this_turn));
  g_string_append_printf (out, "Progress: %s\n", yes_no (position->progress_this_turn));

  g_string_append (out, "Opened:");
  if (position->opened_houses == 0)
    g_string_append (out, " none");
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    {
      if (position->opened_houses & (1u << i))
        g_string_append_printf (out, " %c%u", ops->house_letter, i + 1);
    }
  g_string_append_c (out, '\n');

  g_string_append_printf (out, "Laid out: %s\n", crapette_notation_seat_set_words[position->laid_out & 3]);
  g_string_append_printf (out, "Stock seen: %s\n", crapette_notation_seat_set_words[position->stock_seen & 3]);
  g_string_append_printf (out, "Reserve seen: %u %u\n", position->reserve_seen[CRAPETTE_SOUTH],
                          position->reserve_seen[CRAPETTE_NORTH]);
  /* Only a "Stop!" call makes the top of a stock known, so the header is
   * left out when it says nothing, and positions written before it stay as
   * they were. */
  if (position->stock_top_seen[CRAPETTE_SOUTH] != 0 || position->stock_top_seen[CRAPETTE_NORTH] != 0)
    g_string_append_printf (out, "Stock top seen: %u %u\n",
                            position->stock_top_seen[CRAPETTE_SOUTH],
                            position->stock_top_seen[CRAPETTE_NORTH]);
  g_string_append_printf (out, "Low water: %u %u\n", position->low_water[CRAPETTE_SOUTH],
                          position->low_water[CRAPETTE_NORTH]);
}

static void
append_pile_line (GString                *out,
                  const CrapettePosition *position,
                  CrapettePileId          pile)
{
  const CrapettePile *cards = &position->piles[pile];

  crapette_notation_append_pile_code (out, crapette_variant_ops (position->variant), pile,
                                      CRAPETTE_NO_SEAT);
  g_string_append_c (out, ':');
  for (guint i = 0; i < cards->count; i++)
    {
      CrapetteCard card = cards->cards[i];
      g_autofree char *name = crapette_card_is_hidden (card)
                                ? g_strdup_printf ("?%u", crapette_card_hidden_index (card))
                                : crapette_card_to_string (card, TRUE);

      g_string_append_printf (out, " %s", name);
    }
  g_string_append_c (out, '\n');
}

/* Every pile, bottom to top: each player's piles and the houses even when
 * empty, so that a reader sees the whole table; foundations once started. */
static void
append_piles (GString                *out,
              const CrapettePosition *position)
{
  const CrapetteVariantOps *ops = crapette_variant_ops (position->variant);
  static const CrapettePileKind seat_kinds[] = {
    CRAPETTE_PILE_KIND_STOCK, CRAPETTE_PILE_KIND_TURNED,
    CRAPETTE_PILE_KIND_WASTE, CRAPETTE_PILE_KIND_RESERVE
  };

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      g_string_append_c (out, '\n');
      for (guint k = 0; k < G_N_ELEMENTS (seat_kinds); k++)
        {
          CrapettePileId pile = crapette_pile_of_seat (seat_kinds[k], seat);

          if (crapette_variant_uses_pile_kind (ops, seat_kinds[k]) || position->piles[pile].count > 0)
            append_pile_line (out, position, pile);
        }
    }

  g_string_append_c (out, '\n');
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    append_pile_line (out, position, crapette_pile_house (i));

  for (guint i = 0, written = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    {
      CrapettePileId pile = crapette_pile_foundation (i);

      if (position->piles[pile].count == 0)
        continue;
      if (written++ == 0)
        g_string_append_c (out, '\n');
      append_pile_line (out, position, pile);
    }
}

/* Appends @position as a position, or with @record as a record's head up to
 * its "Moves:" line, such that crapette_notation_read_head() gives it back;
 * with @deal_only a record's head names only the deal. */
void
crapette_notation_append_head (GString                *out,
                               const CrapettePosition *position,
                               gboolean                record,
                               gboolean                deal_only)
{
  g_string_append (out, record ? CRAPETTE_NOTATION_RECORD_TITLE "\n" : CRAPETTE_NOTATION_POSITION_TITLE "\n");
  append_deal_headers (out, position);
  if (!deal_only)
    {
      append_play_headers (out, position);
      append_piles (out, position);
    }
  if (record)
    g_string_append (out, "\n" CRAPETTE_NOTATION_MOVES_LINE ":\n");
}

/* @position in notation, every header and pile written, such that
 * crapette_notation_parse_position() gives it back. A finished round is
 * written as the position on the table; it reads back as a round in play. */
char *
crapette_notation_format_position (const CrapettePosition *position)
{
  GString *out;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (position->variant < CRAPETTE_N_VARIANTS, NULL);

  out = g_string_new (NULL);
  crapette_notation_append_head (out, position, FALSE, FALSE);
  return g_string_free (out, FALSE);
}

