"""engine/write"""
