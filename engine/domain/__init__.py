"""engine/domain"""
