"""Toy Reels' screen layout (logical 1920x1080 coordinates)."""
import pygame

REELS = pygame.Rect(660, 200, 600, 600)
FRAME = REELS.inflate(60, 60)
