/* test-random.c: the deal generator gives the same numbers everywhere
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "crapette-random.h"

/* SplitMix64's published first outputs for seed 0 and for seed 1234567: if
 * these change, every saved deal number would deal different cards. */
static void
test_known_sequence (void)
{
  CrapetteRandom random;

  crapette_random_init (&random, 0);
  g_assert_cmphex (crapette_random_next (&random), ==, G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  g_assert_cmphex (crapette_random_next (&random), ==, G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  g_assert_cmphex (crapette_random_next (&random), ==, G_GUINT64_CONSTANT (0x06c45d188009454f));

  crapette_random_init (&random, 1234567);
  g_assert_cmphex (crapette_random_next (&random), ==, G_GUINT64_CONSTANT (0x599ed017fb08fc85));
  g_assert_cmphex (crapette_random_next (&random), ==, G_GUINT64_CONSTANT (0x2c73f08458540fa5));
}

static void
test_below_is_in_range_and_uniform (void)
{
  CrapetteRandom random;
  guint counts[7] = { 0 };

  crapette_random_init (&random, 99);
  for (guint i = 0; i < 70000; i++)
    {
      guint32 value = crapette_random_below (&random, 7);

      g_assert_cmpuint (value, <, 7);
      counts[value]++;
    }
  /* Each bucket expects 10,000; six standard deviations is about 570. */
  for (guint i = 0; i < 7; i++)
    g_assert_cmpuint (ABS ((gint) counts[i] - 10000), <, 600);

  for (guint i = 0; i < 100; i++)
    g_assert_cmpuint (crapette_random_below (&random, 1), ==, 0);
}

static void
test_shuffle_is_a_permutation (void)
{
  CrapetteRandom random;
  guint8 items[104];
  guint seen[104] = { 0 };
  guint moved = 0;

  for (guint i = 0; i < 104; i++)
    items[i] = (guint8) i;
  crapette_random_init (&random, 7);
  crapette_random_shuffle (&random, items, 104);
  for (guint i = 0; i < 104; i++)
    {
      seen[items[i]]++;
      moved += items[i] != i;
    }
  for (guint i = 0; i < 104; i++)
    g_assert_cmpuint (seen[i], ==, 1);
  g_assert_cmpuint (moved, >, 90);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/random/known-sequence", test_known_sequence);
  g_test_add_func ("/random/below", test_below_is_in_range_and_uniform);
  g_test_add_func ("/random/shuffle", test_shuffle_is_a_permutation);

  return g_test_run ();
}
