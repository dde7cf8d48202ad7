"""engine/storage"""
