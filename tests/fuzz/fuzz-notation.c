/* fuzz-notation.c: libFuzzer target for the position and record reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Arbitrary bytes are read as a position, as a record and as a single move
 * of both games. Whatever reads must write back to text that reads as the
 * same thing, and that text must write back unchanged.
 */

#define G_LOG_DOMAIN "crapette-fuzz"

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crapette-notation.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Criticals and warnings mean the reader handed the engine something it
 * should have refused; the fuzzer must see them as crashes. */
int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
check_position (const char *text,
                gsize       size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;
  CrapettePosition position;
  CrapettePosition again;

  if (!crapette_notation_parse_position (text, (gssize) size, &position, &error))
    {
      g_assert (error != NULL && error->domain == CRAPETTE_NOTATION_ERROR);
      return;
    }
  written = crapette_notation_format_position (&position);
  if (!crapette_notation_parse_position (written, -1, &again, &error))
    g_error ("A written position does not read back: %s\n%s", error->message, written);
  if (!crapette_position_equal (&position, &again))
    g_error ("A position reads back different:\n%s", written);
  rewritten = crapette_notation_format_position (&again);
  if (strcmp (written, rewritten) != 0)
    g_error ("A position is written differently the second time:\n%s\n%s", written, rewritten);
}

static void
check_round (const char *text,
             gsize       size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteRound) round = crapette_notation_parse_round (text, (gssize) size, &error);
  g_autoptr(CrapetteRound) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;

  if (round == NULL)
    {
      g_assert (error != NULL && error->domain == CRAPETTE_NOTATION_ERROR);
      return;
    }
  written = crapette_notation_format_round (round);
  again = crapette_notation_parse_round (written, -1, &error);
  if (again == NULL)
    g_error ("A written record does not read back: %s\n%s", error->message, written);
  if (crapette_round_get_n_moves (round) != crapette_round_get_n_moves (again) ||
      !crapette_position_equal (crapette_round_get_start (round),
                                crapette_round_get_start (again)) ||
      !crapette_position_equal (crapette_round_get_position (round),
                                crapette_round_get_position (again)))
    g_error ("A record reads back different:\n%s", written);
  for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
    {
      if (memcmp (crapette_round_get_move (round, i), crapette_round_get_move (again, i),
                  sizeof (CrapetteMove)) != 0)
        g_error ("Move %u of a record reads back different:\n%s", i + 1, written);
    }
  rewritten = crapette_notation_format_round (again);
  if (strcmp (written, rewritten) != 0)
    g_error ("A record is written differently the second time:\n%s\n%s", written, rewritten);
}

/* The first line, read as a move at the start of a dealt round of each game. */
static void
check_move (const char *text,
            gsize       size)
{
  char line[512];
  gsize length = 0;

  while (length < size && length < sizeof line - 1 && text[length] != '\n')
    {
      line[length] = text[length];
      length++;
    }
  line[length] = '\0';

  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      g_autoptr(GError) error = NULL;
      CrapetteRules rules;
      CrapettePosition position;
      CrapetteMove move;

      crapette_rules_init_default (&rules);
      crapette_position_deal (&position, variant, &rules, size, 0);
      if (crapette_notation_parse_move (&position, line, &move, &error))
        {
          g_autofree char *written = crapette_notation_format_move (&position, &move);

          g_assert (written != NULL);
          /* Checking and (if legal) playing it must be safe too. */
          if (crapette_position_check_move (&position, &move, NULL))
            crapette_position_apply_move (&position, &move);
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *) data;

  check_position (text, size);
  check_round (text, size);
  check_move (text, size);
  return 0;
}
