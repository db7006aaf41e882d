/* crapette-sim-games.c: rounds played between two computer players, and their tally
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-sim"

#include "config.h"

#include "crapette-sim-private.h"

#include <math.h>
#include <time.h>

#include "crapette-enums.h"
#include "crapette-names.h"
#include "crapette-notation.h"
#include "crapette-player.h"
#include "crapette-round.h"
#include "crapette-view.h"

/* Far above any real round; a round that gets here is a bug in the rules. */
#define MAX_MOVES_PER_ROUND 200000

typedef struct
{
  guint games;
  guint wins[CRAPETTE_N_SEATS];        /* by seat */
  guint wins_by_player[2];             /* by the player named first or second */
  guint blocked;
  guint drawn;
  guint blocked_by[4];
  guint64 points_by_player[2];
  guint64 moves;
  guint max_moves;
  guint64 turns;
  gdouble seconds;
  gdouble decision_seconds[2];
  guint64 decisions[2];
  GArray *decision_times[2];           /* gdouble, milliseconds, one per decision */
  GArray *decision_cpu_times[2];       /* the same in processor time of the thread */
  guint64 turns_played[2];             /* turns each player began */
  guint64 mistakes[2];                 /* --mistakes called: duties each player broke */
  guint64 calls[2];                    /* … the other's mistakes each player called */
  guint64 positions_checked;           /* --check: positions whose invariants held */
  guint64 moves_checked;               /* --check: generated moves the judge accepted */
} Tally;

/* Processor time used by this thread, in milliseconds: unlike the clock on
 * the wall, it does not grow when other programs share the machine. */
static gdouble
thread_cpu_ms (void)
{
  struct timespec now;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now) != 0)
    return 0;
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

/* The @percent percentile of @times (sorted here), by the nearest rank. */
static gdouble
percentile_ms (GArray  *times,
               gdouble  percent)
{
  gsize rank;

  if (times == NULL || times->len == 0)
    return 0;
  rank = (gsize) ceil (percent / 100 * times->len);
  return g_array_index (times, gdouble, CLAMP (rank, 1, times->len) - 1);
}

static gint
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  gdouble x = *(const gdouble *) a;
  gdouble y = *(const gdouble *) b;

  return (x > y) - (x < y);
}

gboolean
parse_rules (const Options  *options,
             CrapetteRules  *rules,
             GError        **error)
{
  g_autofree char *reserve = g_strdup_printf ("%d", options->reserve_size);
  g_autofree char *idle_turns = g_strdup_printf ("%d", options->idle_turn_limit);

  /* Each option is read as the notation reads it in "Rules:" lines. */
  crapette_rules_init_default (rules);
  return (options->reserve_size == 0 ||
          crapette_notation_set_rule (rules, "reserve", reserve, error)) &&
         (options->idle_turn_limit == 0 ||
          crapette_notation_set_rule (rules, "idle-turns", idle_turns, error)) &&
         (options->first_player == NULL ||
          crapette_notation_set_rule (rules, "start", options->first_player, error)) &&
         (options->mistakes == NULL ||
          crapette_notation_set_rule (rules, "mistakes", options->mistakes, error));
}

/* With mistakes called: when the move just played broke a duty, the other
 * player is asked at once, as a person would notice it as the card lands,
 * whether they call it. */
static void
watch_for_mistake (CrapetteRound  *round,
                   CrapettePlayer *players[2],
                   guint           south_player,
                   Tally          *tally)
{
  CrapetteBreach breach;
  CrapettePosition view;
  guint offender, caller;

  if (!crapette_round_get_breach (round, &breach) ||
      breach.move_index + 1 != crapette_round_get_n_moves (round))
    return;
  offender = breach.offender == CRAPETTE_SOUTH ? south_player : 1 - south_player;
  caller = 1 - offender;
  tally->mistakes[offender]++;
  crapette_view_init_known (&view, crapette_round_get_position (round));
  if (crapette_player_notices_mistake (players[caller], &view, breach.move_index))
    {
      g_autoptr(GError) error = NULL;

      if (!crapette_round_call (round, crapette_seat_opponent (breach.offender), &error))
        g_error ("A call was refused: %s", error->message);
      tally->calls[caller]++;
    }
}

/* --check: every move the generator offers in @position must be one the judge accepts, and
 * the position must keep every pile's rule; a failure stops the run with the deal and move. */
static void
check_position (const CrapettePosition *position,
                guint64                 deal_number,
                guint                   move_index,
                Tally                  *tally)
{
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  g_autoptr(GError) error = NULL;
  gsize n_moves;

  if (!crapette_position_check_invariants (position, &error))
    g_error ("Deal %" G_GUINT64_FORMAT ", after move %u: the position breaks a rule: %s",
             deal_number, move_index, error->message);
  tally->positions_checked++;
  if (position->outcome != CRAPETTE_OUTCOME_PLAYING)
    return;
  n_moves = crapette_position_legal_moves (position, moves);
  for (gsize i = 0; i < n_moves; i++)
    {
      if (!crapette_position_check_move (position, &moves[i], &error))
        g_error ("Deal %" G_GUINT64_FORMAT ", after move %u: a generated move is refused: %s",
                 deal_number, move_index, error->message);
    }
  tally->moves_checked += n_moves;
}

/* Plays one round between two players; @first is the index (0 or 1) of the
 * player who sits South. */
static CrapetteRound *
play_round (CrapetteVariant      variant,
            const CrapetteRules *rules,
            guint64              deal_number,
            CrapettePlayer      *players[2],
            guint                south_player,
            gboolean             check,
            Tally               *tally)
{
  CrapetteRound *round = crapette_round_new_deal (variant, rules, deal_number, 0);
  guint32 counted_turn = G_MAXUINT32;

  if (check)
    check_position (crapette_round_get_position (round), deal_number, 0, tally);

  while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
    {
      const CrapettePosition *position = crapette_round_get_position (round);
      guint who = position->to_move == CRAPETTE_SOUTH ? south_player : 1 - south_player;
      CrapettePosition view;
      CrapetteMove move;
      g_autoptr(GError) error = NULL;
      gint64 started;
      gdouble cpu_started;

      if (crapette_round_get_n_moves (round) >= MAX_MOVES_PER_ROUND)
        g_error ("Deal %" G_GUINT64_FORMAT " did not end after %d moves", deal_number,
                 MAX_MOVES_PER_ROUND);

      if (position->turn_number != counted_turn)
        {
          counted_turn = position->turn_number;
          tally->turns_played[who]++;
        }
      crapette_view_init_known (&view, position);
      started = g_get_monotonic_time ();
      cpu_started = thread_cpu_ms ();
      crapette_player_choose (players[who], &view, &move);
      {
        gdouble elapsed_ms = (g_get_monotonic_time () - started) / 1e3;
        gdouble cpu_ms = thread_cpu_ms () - cpu_started;

        tally->decision_seconds[who] += elapsed_ms / 1e3;
        tally->decisions[who]++;
        g_array_append_val (tally->decision_times[who], elapsed_ms);
        g_array_append_val (tally->decision_cpu_times[who], cpu_ms);
      }

      if (!crapette_round_play (round, &move, &error))
        g_error ("Player %s chose an illegal move in deal %" G_GUINT64_FORMAT ": %s",
                 crapette_player_get_kind (players[who]), deal_number, error->message);
      watch_for_mistake (round, players, south_player, tally);
      if (check)
        check_position (crapette_round_get_position (round), deal_number,
                        crapette_round_get_n_moves (round), tally);
    }
  return round;
}

static void
count_round (const CrapetteRound *round,
             guint                south_player,
             Tally               *tally)
{
  const CrapettePosition *position = crapette_round_get_position (round);
  CrapetteRoundResult result;
  guint n_moves = crapette_round_get_n_moves (round);

  crapette_position_score (position, &result);
  tally->games++;
  tally->moves += n_moves;
  tally->max_moves = MAX (tally->max_moves, n_moves);
  tally->turns += position->turn_number;
  if (result.outcome == CRAPETTE_OUTCOME_BLOCKED)
    {
      tally->blocked++;
      tally->blocked_by[result.block_reason]++;
    }
  if (result.winner == CRAPETTE_NO_SEAT)
    {
      tally->drawn++;
      return;
    }

  tally->wins[result.winner]++;
  {
    guint who = result.winner == CRAPETTE_SOUTH ? south_player : 1 - south_player;

    tally->wins_by_player[who]++;
    tally->points_by_player[who] += result.points;
  }
}

/* The Wilson score interval at 95% for @wins out of @n. */
static void
wilson_interval (guint    wins,
                 guint    n,
                 gdouble *low,
                 gdouble *high)
{
  const gdouble z = 1.959964;
  gdouble p, centre, spread;

  if (n == 0)
    {
      *low = 0;
      *high = 1;
      return;
    }
  p = (gdouble) wins / n;
  centre = (p + z * z / (2.0 * n)) / (1 + z * z / n);
  spread = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z * z / n);
  *low = centre - spread;
  *high = centre + spread;
}

/* The two players named in --players, seeded from --seed; FALSE with @error set if a
 * name is not a player's. */
static gboolean
make_players (const Options   *options,
              char           **names,
              CrapettePlayer  *players[2],
              GError         **error)
{
  if (g_strv_length (names) != 2)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--players takes two names separated by a comma, such as random,random");
      return FALSE;
    }
  for (guint i = 0; i < 2; i++)
    {
      players[i] = crapette_player_new (names[i], (guint64) options->seed * 2 + i + 1, error);
      if (players[i] == NULL)
        {
          g_clear_object (&players[0]);
          return FALSE;
        }
      if (options->computer_mistakes != NULL)
        crapette_player_set_makes_mistakes (players[i],
                                            g_str_equal (options->computer_mistakes, "yes"));
    }
  return TRUE;
}

/* Plays --games rounds into @tally, and prints each round's record with --record-all. */
static void
play_games (const Options       *options,
            CrapetteVariant      variant,
            const CrapetteRules *rules,
            CrapettePlayer      *players[2],
            Tally               *tally)
{
  gint64 started = g_get_monotonic_time ();

  for (gint64 game = 0; game < options->games; game++)
    {
      /* Each deal is played twice in a row, seats swapped, so that neither
       * player profits from a lucky deal. */
      guint64 deal_number = (guint64) options->seed + (guint64) (game / 2);
      guint south_player = (guint) (game % 2);
      CrapetteRound *round = play_round (variant, rules, deal_number, players, south_player,
                                          options->check, tally);

      count_round (round, south_player, tally);
      if (options->record_all)
        {
          g_autofree char *text = crapette_notation_format_round (round);

          g_print ("%s\n", text);
        }
      crapette_round_free (round);
    }
  tally->seconds = (g_get_monotonic_time () - started) / 1e6;

  for (guint i = 0; i < 2; i++)
    {
      g_array_sort (tally->decision_times[i], compare_doubles);
      g_array_sort (tally->decision_cpu_times[i], compare_doubles);
    }
}

static void
print_tally_json (const Options  *options,
                  CrapetteVariant variant,
                  char          **names,
                  const Tally    *tally)
{
  guint decided = tally->wins_by_player[0] + tally->wins_by_player[1];
  gdouble low, high;

  wilson_interval (tally->wins_by_player[0], decided, &low, &high);
  g_print ("{\"mode\": \"games\", \"variant\": \"%s\", \"players\": [\"%s\", \"%s\"], "
           "\"seed\": %" G_GINT64_FORMAT ", \"games\": %u, "
           "\"wins\": [%u, %u], \"drawn\": %u, \"blocked\": %u, "
           "\"blocked_by\": {\"repetition\": %u, \"passes\": %u, \"idle_turns\": %u}, "
           "\"points\": [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "], "
           "\"first_win_rate\": %.4f, \"first_win_rate_ci95\": [%.4f, %.4f], "
           "\"moves\": %" G_GUINT64_FORMAT ", \"max_moves\": %u, \"turns\": %" G_GUINT64_FORMAT ", "
           "\"seconds\": %.3f, \"games_per_second\": %.1f, \"moves_per_second\": %.0f, "
           "\"mean_decision_ms\": [%.4f, %.4f], "
           "\"p50_decision_ms\": [%.4f, %.4f], \"p99_decision_ms\": [%.4f, %.4f], "
           "\"max_decision_ms\": [%.4f, %.4f], "
           "\"p50_decision_cpu_ms\": [%.4f, %.4f], \"p99_decision_cpu_ms\": [%.4f, %.4f], "
           "\"max_decision_cpu_ms\": [%.4f, %.4f], "
           "\"mistakes\": [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "], "
           "\"calls\": [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "], "
           "\"turns_played\": [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "]}\n",
           crapette_enum_to_nick (CRAPETTE_TYPE_VARIANT, variant), names[0], names[1],
           options->seed, tally->games,
           tally->wins_by_player[0], tally->wins_by_player[1], tally->drawn, tally->blocked,
           tally->blocked_by[CRAPETTE_BLOCK_REPETITION], tally->blocked_by[CRAPETTE_BLOCK_PASSES],
           tally->blocked_by[CRAPETTE_BLOCK_IDLE_TURNS],
           tally->points_by_player[0], tally->points_by_player[1],
           decided > 0 ? (gdouble) tally->wins_by_player[0] / decided : 0.0, low, high,
           tally->moves, tally->max_moves, tally->turns,
           tally->seconds, tally->games / MAX (tally->seconds, 1e-9),
           tally->moves / MAX (tally->seconds, 1e-9),
           tally->decisions[0] ? 1000 * tally->decision_seconds[0] / tally->decisions[0] : 0.0,
           tally->decisions[1] ? 1000 * tally->decision_seconds[1] / tally->decisions[1] : 0.0,
           percentile_ms (tally->decision_times[0], 50), percentile_ms (tally->decision_times[1], 50),
           percentile_ms (tally->decision_times[0], 99), percentile_ms (tally->decision_times[1], 99),
           percentile_ms (tally->decision_times[0], 100),
           percentile_ms (tally->decision_times[1], 100),
           percentile_ms (tally->decision_cpu_times[0], 50),
           percentile_ms (tally->decision_cpu_times[1], 50),
           percentile_ms (tally->decision_cpu_times[0], 99),
           percentile_ms (tally->decision_cpu_times[1], 99),
           percentile_ms (tally->decision_cpu_times[0], 100),
           percentile_ms (tally->decision_cpu_times[1], 100),
           tally->mistakes[0], tally->mistakes[1], tally->calls[0], tally->calls[1],
           tally->turns_played[0], tally->turns_played[1]);
}

static void
print_tally_text (const Options  *options,
                  CrapetteVariant variant,
                  char          **names,
                  const Tally    *tally)
{
  guint decided = tally->wins_by_player[0] + tally->wins_by_player[1];
  gdouble low, high;

  wilson_interval (tally->wins_by_player[0], decided, &low, &high);
  g_print ("%s: %s against %s, %u rounds from seed %" G_GINT64_FORMAT " (seats swapped every other round)\n",
           crapette_enum_to_nick (CRAPETTE_TYPE_VARIANT, variant), names[0], names[1],
           tally->games, options->seed);
  g_print ("  %-8s won %u, %s won %u, drawn %u\n", names[0], tally->wins_by_player[0],
           names[1], tally->wins_by_player[1], tally->drawn);
  g_print ("  blocked rounds: %u (repetition %u, both passed %u, idle turns %u)\n",
           tally->blocked, tally->blocked_by[CRAPETTE_BLOCK_REPETITION],
           tally->blocked_by[CRAPETTE_BLOCK_PASSES], tally->blocked_by[CRAPETTE_BLOCK_IDLE_TURNS]);
  g_print ("  %s wins %.1f%% of decided rounds (95%% interval %.1f%%–%.1f%%)\n", names[0],
           decided > 0 ? 100.0 * tally->wins_by_player[0] / decided : 0.0, 100 * low, 100 * high);
  g_print ("  points: %s %" G_GUINT64_FORMAT ", %s %" G_GUINT64_FORMAT "\n",
           names[0], tally->points_by_player[0], names[1], tally->points_by_player[1]);
  g_print ("  %" G_GUINT64_FORMAT " moves (longest round %u), %.2f s: %.1f rounds/s, %.0f moves/s\n",
           tally->moves, tally->max_moves, tally->seconds, tally->games / MAX (tally->seconds, 1e-9),
           tally->moves / MAX (tally->seconds, 1e-9));
  if (options->mistakes != NULL)
    for (guint i = 0; i < 2; i++)
      g_print ("  %-8s mistakes: %" G_GUINT64_FORMAT " in %" G_GUINT64_FORMAT " turns "
               "(%.2f per 100 turns); called %" G_GUINT64_FORMAT " of the other's %" G_GUINT64_FORMAT "\n",
               names[i], tally->mistakes[i], tally->turns_played[i],
               tally->turns_played[i] ? 100.0 * tally->mistakes[i] / tally->turns_played[i] : 0.0,
               tally->calls[i], tally->mistakes[1 - i]);
  if (options->check)
    g_print ("  checked: %" G_GUINT64_FORMAT " positions kept every rule, and the judge "
             "accepted all %" G_GUINT64_FORMAT " moves generated in them\n",
             tally->positions_checked, tally->moves_checked);
  for (guint i = 0; i < 2; i++)
    g_print ("  %-8s decisions: %" G_GUINT64_FORMAT ", time p50 %.3f ms, p99 %.3f ms, max %.3f ms"
             " (processor time p50 %.3f ms, p99 %.3f ms, max %.3f ms)\n",
             names[i], tally->decisions[i], percentile_ms (tally->decision_times[i], 50),
             percentile_ms (tally->decision_times[i], 99),
             percentile_ms (tally->decision_times[i], 100),
             percentile_ms (tally->decision_cpu_times[i], 50),
             percentile_ms (tally->decision_cpu_times[i], 99),
             percentile_ms (tally->decision_cpu_times[i], 100));
}

/* Plays --games rounds between --players and prints the tally; returns the exit status. */
int
run_games (const Options  *options,
           GError        **error)
{
  int variant;
  g_auto(GStrv) names = NULL;
  CrapettePlayer *players[2] = { NULL, NULL };
  CrapetteRules rules;
  Tally tally = { 0 };

  if (!crapette_enum_from_nick (CRAPETTE_TYPE_VARIANT, options->variant_key, &variant))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--variant is russian or american, not “%s”", options->variant_key);
      return 2;
    }
  if (!parse_rules (options, &rules, error))
    return 2;
  names = g_strsplit (options->players, ",", -1);
  if (!make_players (options, names, players, error))
    return 2;

  for (guint i = 0; i < 2; i++)
    {
      tally.decision_times[i] = g_array_new (FALSE, FALSE, sizeof (gdouble));
      tally.decision_cpu_times[i] = g_array_new (FALSE, FALSE, sizeof (gdouble));
    }
  play_games (options, variant, &rules, players, &tally);
  if (options->json)
    print_tally_json (options, variant, names, &tally);
  else
    print_tally_text (options, variant, names, &tally);

  for (guint i = 0; i < 2; i++)
    {
      g_array_unref (tally.decision_times[i]);
      g_array_unref (tally.decision_cpu_times[i]);
    }
  g_clear_object (&players[0]);
  g_clear_object (&players[1]);
  return 0;
}

