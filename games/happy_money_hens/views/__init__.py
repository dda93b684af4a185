"""Happy Money Hens views: the base board, the bonus board, gamble and spin chance scenes, sounds, bench."""
