"""Statistics over many deals and rounds: the solitaires' win rates with perfect play, the
casino house-edge simulation, and their stored files (``printplay data rebuild``); the
grades of deals, and the curated deal collections of ``seeds/``."""
